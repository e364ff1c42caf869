import type { APIError } from "openai";
import type { z } from "zod";
import { redactSecret } from "../credentials/secret.js";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";
import { ModelRateLimitError } from "../errors/model-rate-limit-error.js";
import type { OpenAISdk } from "./openai-sdk.js";

/** Where a failure happened, for the message. */
export interface ErrorContext {
  readonly model: string;
  readonly baseURL: string;
  /** The API key, masked wherever a provider's text echoes it. */
  readonly secret: string | null;
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  /** The loaded SDK, whose error classes are recognised. */
  readonly sdk: OpenAISdk;
}

/** Which of our deadlines passed: the silence bound, or the bound on the whole call. */
export type Deadline = "idle" | "total";

/** The typed error for a timeout of ours: no answer or no next chunk in time, or no end in time. */
export function timeoutError(ctx: ErrorContext, deadline: Deadline = "idle"): ModelError {
  const message =
    deadline === "idle"
      ? `Model "${ctx.model}" sent nothing for ${ctx.timeoutMs} ms; the call was stopped. Raise timeoutMs for slow models.`
      : `Model "${ctx.model}" did not finish within ${ctx.totalTimeoutMs} ms; the call was stopped. Raise totalTimeoutMs for long answers.`;
  return new ModelError(ModelErrorCode.TIMEOUT, message, { model: ctx.model });
}

/**
 * The typed error for a body that is not the protocol (a chunk or completion of the wrong shape,
 * an HTML page, a stream that stops without finishing): `MODEL_UPSTREAM`, retryable, with the
 * first problems named by their field paths.
 */
export function protocolError(ctx: ErrorContext, what: string, detail: string): ModelError {
  return new ModelError(
    ModelErrorCode.UPSTREAM,
    `Model "${ctx.model}" at ${ctx.baseURL} sent ${what} that is not the Chat Completions protocol: ${redactSecret(detail, ctx.secret)}`,
    { model: ctx.model, retryable: true },
  );
}

/** The first issues of a failed wire check, as text (`choices.0: expected object, received null`). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      return path === "" ? issue.message : `${path}: ${issue.message}`;
    })
    .join("; ");
}

/**
 * Maps anything the `openai` SDK (or the network under it) throws to a {@link ModelError}: HTTP
 * statuses to their codes (401 authentication, 403/402 permission, 429 rate limit with its
 * `retry-after`, 400/404/413/422 invalid request, 408/409/5xx upstream), connection failures and
 * broken streams to `MODEL_CONNECTION`, SDK timeouts to `MODEL_TIMEOUT`, malformed responses and
 * error events inside a stream to `MODEL_UPSTREAM`, SDK set-up errors to `MODEL_SETUP`. The API key
 * never appears in the message or the cause.
 */
export function toModelError(error: unknown, ctx: ErrorContext): ModelError {
  if (error instanceof ModelError) return error;
  const { model } = ctx;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, OpenAIError } = ctx.sdk;
  const cause = sanitizedCause(error, ctx.secret);
  const detail = redactSecret(error instanceof Error ? error.message : String(error), ctx.secret);

  if (error instanceof APIConnectionTimeoutError) {
    return new ModelError(
      ModelErrorCode.TIMEOUT,
      `Model "${model}" did not answer in time: ${detail}`,
      {
        model,
        cause,
      },
    );
  }
  if (error instanceof APIConnectionError) {
    return connectionError(ctx, detail, cause);
  }
  if (error instanceof APIError) {
    const status = typeof error.status === "number" ? error.status : null;
    const opts = { model, status, cause };
    if (status === null) {
      return new ModelError(
        ModelErrorCode.UPSTREAM,
        `Model "${model}" reported an error in its stream: ${detail}`,
        { ...opts, retryable: true },
      );
    }
    if (status === 401) {
      return new ModelError(
        ModelErrorCode.AUTHENTICATION,
        `Model "${model}" rejected the credentials (${detail}). Check the API key for ${ctx.baseURL}.`,
        opts,
      );
    }
    if (status === 403 || status === 402) {
      return new ModelError(
        ModelErrorCode.PERMISSION_DENIED,
        `Model "${model}" refused access (${detail}). Check the account's access to this model.`,
        opts,
      );
    }
    if (status === 429) {
      return new ModelRateLimitError(`Model "${model}" is rate limited (${detail}). Retry later.`, {
        ...opts,
        retryAfterMs: retryAfterMs(error.headers as Headers | undefined),
      });
    }
    if (status === 408 || status === 409 || status >= 500) {
      return new ModelError(
        ModelErrorCode.UPSTREAM,
        `Model "${model}" failed upstream (${detail}).`,
        {
          ...opts,
          retryable: true,
        },
      );
    }
    return new ModelError(
      ModelErrorCode.INVALID_REQUEST,
      `Model "${model}" refused the request (${detail}).`,
      opts,
    );
  }
  if (error instanceof SyntaxError) {
    // JSON.parse of a body or an SSE data line: the server answered, but not with JSON.
    return new ModelError(
      ModelErrorCode.UPSTREAM,
      `Model "${model}" sent a malformed response: ${detail}`,
      { model, cause, retryable: true },
    );
  }
  if (error instanceof OpenAIError) {
    return new ModelError(ModelErrorCode.SETUP, `Model "${model}" is not set up: ${detail}`, {
      model,
      cause,
    });
  }
  // What remains comes from the transport under the SDK (a socket closed mid-body, …).
  return connectionError(ctx, detail, cause);
}

/** The typed error for a broken or unreachable connection. */
export function connectionError(ctx: ErrorContext, detail: string, cause?: unknown): ModelError {
  return new ModelError(
    ModelErrorCode.CONNECTION,
    `Lost the connection to ${ctx.baseURL} for model "${ctx.model}": ${detail.replace(/\.$/, "")}. Check the base URL and the network.`,
    { model: ctx.model, cause },
  );
}

function retryAfterMs(headers: Headers | undefined): number | null {
  if (headers === undefined) return null;
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

// A provider's error may quote the key it was sent; then keep only a masked copy as the cause.
function sanitizedCause(error: unknown, secret: string | null): unknown {
  if (secret === null || !(error instanceof Error)) return error;
  const body = "error" in error ? safeJson((error as APIError).error) : "";
  if (
    !error.message.includes(secret) &&
    !body.includes(secret) &&
    !String(error.stack).includes(secret)
  ) {
    return error;
  }
  const masked = new Error(redactSecret(error.message, secret));
  masked.name = error.name;
  return masked;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
