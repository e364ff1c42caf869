import { ActorscopeError, type ErrorData } from "../../errors/index.js";
import type { ErrorType } from "../../message/index.js";
import {
  MODEL_ERROR_TYPES,
  RETRYABLE_MODEL_ERRORS,
  type ModelErrorCode,
} from "./model-error-code.js";

/** What a {@link ModelError} may carry besides its code and message. */
export interface ModelErrorOptions {
  /** The model's name. */
  model?: string | null;
  /** The HTTP status the provider answered with, when there was one. */
  status?: number | null;
  /** Overrides whether retrying may help (defaults by code). */
  retryable?: boolean;
  cause?: unknown;
  /** Extra JSON-serialisable details (subclasses add their fields here). */
  data?: ErrorData;
}

/**
 * A chat model call failed. `code` is a {@link ModelErrorCode}; `errorType` is how a reply reports
 * it (`ErrorInfo.type`); `retryable` says whether trying again may help.
 *
 * @example
 * try { await model.call(msgs) } catch (e) {
 *   if (e instanceof ModelError && e.retryable) …
 * }
 */
export class ModelError extends ActorscopeError {
  declare readonly code: ModelErrorCode;
  readonly errorType: ErrorType;
  readonly model: string | null;
  readonly status: number | null;
  readonly retryable: boolean;

  constructor(code: ModelErrorCode, message: string, options: ModelErrorOptions = {}) {
    const errorType = MODEL_ERROR_TYPES[code];
    const model = options.model ?? null;
    const status = options.status ?? null;
    const retryable = options.retryable ?? RETRYABLE_MODEL_ERRORS.has(code);
    super(code, message, {
      cause: options.cause,
      data: { ...options.data, errorType, model, status, retryable },
    });
    this.errorType = errorType;
    this.model = model;
    this.status = status;
    this.retryable = retryable;
  }
}
