import { ActorscopeError } from "../../../errors/index.js";
import type { ActingErrorCode } from "./acting-error-code.js";

/**
 * A failure of the acting step that is not one call's: the reply fails with it (no REPLY_END).
 * Today the only one is {@link ActingErrorCode.EMIT_FAILED}: an event could not be emitted, so
 * no result could reach the model either.
 *
 * @example
 * try { await agent.reply(msg) } catch (e) {
 *   if (e instanceof ActingError && e.code === ActingErrorCode.EMIT_FAILED) …
 * }
 */
export class ActingError extends ActorscopeError {
  declare readonly code: ActingErrorCode;

  constructor(code: ActingErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
  }
}
