import { ActorscopeError } from "./actorscope-error.js";
import { ErrorCode } from "./error-code.js";

/** Work stopped because its AbortSignal fired. `reason` is the signal's reason, as text. */
export class AbortedError extends ActorscopeError {
  constructor(what: string, options: { cause?: unknown } = {}) {
    super(ErrorCode.ABORTED, `${what} was aborted`, { cause: options.cause, data: { what } });
  }
}
