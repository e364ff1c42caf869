import { ActorscopeError } from "./actorscope-error.js";
import { ErrorCode } from "./error-code.js";

/** A bounded wait ran out. `what` names the wait ("bus request as.tool.Bash.call"). */
export class TimeoutError extends ActorscopeError {
  readonly what: string;
  readonly timeoutMs: number;

  constructor(what: string, timeoutMs: number, options: { cause?: unknown } = {}) {
    super(ErrorCode.TIMEOUT, `${what} timed out after ${timeoutMs} ms`, {
      cause: options.cause,
      data: { what, timeoutMs },
    });
    this.what = what;
    this.timeoutMs = timeoutMs;
  }
}
