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
};

/** Codes worth retrying (the agent's `modelConfig.maxRetries` and fallback decide). */
export const RETRYABLE_MODEL_ERRORS: ReadonlySet<string> = new Set<ModelErrorCode>([
  ModelErrorCode.RATE_LIMITED,
  ModelErrorCode.CONNECTION,
  ModelErrorCode.TIMEOUT,
  ModelErrorCode.UPSTREAM,
]);

/** True when `code` is one of {@link ModelErrorCode}. */
export function isModelErrorCode(code: string): code is ModelErrorCode {
  return Object.hasOwn(MODEL_ERROR_TYPES, code);
}
