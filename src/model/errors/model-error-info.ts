import { ActorscopeError, ErrorCode } from "../../errors/index.js";
import type { ErrorInfo, ErrorType } from "../../message/index.js";
import { ModelError } from "./model-error.js";
import { MODEL_ERROR_TYPES, isModelErrorCode } from "./model-error-code.js";

/**
 * The `ErrorType` of a failure of a model call: a {@link ModelError}'s own type, a model error
 * code that arrived over the wire, a timeout (connection), or `"unknown"`.
 */
export function modelErrorType(error: unknown): ErrorType {
  if (error instanceof ModelError) return error.errorType;
  if (error instanceof ActorscopeError) {
    if (isModelErrorCode(error.code)) return MODEL_ERROR_TYPES[error.code];
    if (error.code === ErrorCode.TIMEOUT) return "connection";
    if (error.code === ErrorCode.VALIDATION_FAILED) return "invalid_request";
    if (error.code === ErrorCode.INTERNAL) return "internal";
  }
  return "unknown";
}

/** The `ErrorInfo` a reply reports for a failed model call. */
export function modelErrorInfo(error: unknown): ErrorInfo {
  const message = error instanceof Error ? error.message : String(error);
  return { type: modelErrorType(error), message };
}
