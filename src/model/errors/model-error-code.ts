import type { ErrorType } from "../../message/index.js";

/**
 * Stable codes of model failures. Branch on these (or on `ModelError.errorType`), never on
 * messages.
 */
export const ModelErrorCode = {
  /** The provider rejected the credentials (HTTP 401). */
  AUTHENTICATION: "MODEL_AUTHENTICATION",
  /** The credentials are valid but may not use this model or endpoint (HTTP 403). */
  PERMISSION_DENIED: "MODEL_PERMISSION_DENIED",
  /** Too many requests or tokens (HTTP 429); retry later. */
  RATE_LIMITED: "MODEL_RATE_LIMITED",
  /** The endpoint could not be reached, or the connection broke mid-response. */
  CONNECTION: "MODEL_CONNECTION",
  /** No answer (or no next chunk) within the model's timeout. */
  TIMEOUT: "MODEL_TIMEOUT",
  /** The provider refused the request as malformed (HTTP 400, 404, 422) or a bad tool choice. */
  INVALID_REQUEST: "MODEL_INVALID_REQUEST",
  /** The provider failed (HTTP 5xx), or sent something that is not the protocol. */
  UPSTREAM: "MODEL_UPSTREAM",
  /** The model is not set up to run (no API key, a bad option). */
  SETUP: "MODEL_SETUP",
  /** A `ScriptedModel` was called after its last scripted turn. */
  SCRIPT_EXHAUSTED: "MODEL_SCRIPT_EXHAUSTED",
  /** The model gave no valid structured output, even after the repair round. */
  STRUCTURED_OUTPUT_INVALID: "MODEL_STRUCTURED_OUTPUT_INVALID",
  /**
   * A stream ended without its `is_last` chunk (spec §3.6 step 5: a dropped connection, a
   * timeout or a model bug).
   */
  INCOMPLETE_STREAM: "MODEL_INCOMPLETE_STREAM",
  /**
   * A call resolved to something that is not a `ChatResponse` or a stream of them (`null`, a
   * number, an object without a `content` list), or a stream yielded such a chunk.
   */
  INVALID_RESPONSE: "MODEL_INVALID_RESPONSE",
  /**
   * A model (or an `onModelCall` middleware, or a stream mid-way) threw an error that is not an
   * actorscope error; the original is the `cause`.
   */
  CALL_FAILED: "MODEL_CALL_FAILED",
} as const;
export type ModelErrorCode = (typeof ModelErrorCode)[keyof typeof ModelErrorCode];

/** How each code is reported to a client (`ErrorInfo.type`). */
export const MODEL_ERROR_TYPES: Readonly<Record<ModelErrorCode, ErrorType>> = {
  MODEL_AUTHENTICATION: "authentication",
  MODEL_PERMISSION_DENIED: "permission",
  MODEL_RATE_LIMITED: "rate_limit",
  MODEL_CONNECTION: "connection",
  MODEL_TIMEOUT: "connection",
  MODEL_INVALID_REQUEST: "invalid_request",
  MODEL_UPSTREAM: "upstream",
  MODEL_SETUP: "setup",
  MODEL_SCRIPT_EXHAUSTED: "setup",
  MODEL_STRUCTURED_OUTPUT_INVALID: "upstream",
  MODEL_INCOMPLETE_STREAM: "upstream",
  MODEL_INVALID_RESPONSE: "upstream",
  MODEL_CALL_FAILED: "unknown",
};

/** Codes worth retrying (the agent's `modelConfig.maxRetries` and fallback decide). */
export const RETRYABLE_MODEL_ERRORS: ReadonlySet<string> = new Set<ModelErrorCode>([
  ModelErrorCode.RATE_LIMITED,
  ModelErrorCode.CONNECTION,
  ModelErrorCode.TIMEOUT,
  ModelErrorCode.UPSTREAM,
  ModelErrorCode.INCOMPLETE_STREAM,
]);

/** True when `code` is one of {@link ModelErrorCode}. */
export function isModelErrorCode(code: string): code is ModelErrorCode {
  return Object.hasOwn(MODEL_ERROR_TYPES, code);
}
