import { ModelError, type ModelErrorOptions } from "./model-error.js";
import { ModelErrorCode } from "./model-error-code.js";

/** The provider said "too many requests" (HTTP 429); `retryAfterMs` is its hint, when given. */
export class ModelRateLimitError extends ModelError {
  readonly retryAfterMs: number | null;

  constructor(message: string, options: ModelErrorOptions & { retryAfterMs?: number | null } = {}) {
    const retryAfterMs = options.retryAfterMs ?? null;
    super(ModelErrorCode.RATE_LIMITED, message, {
      ...options,
      data: { ...options.data, retryAfterMs },
    });
    this.retryAfterMs = retryAfterMs;
  }
}
