export {
  ActorscopeError,
  type ActorscopeErrorOptions,
  type ErrorData,
} from "./actorscope-error.js";
export { ErrorCode } from "./error-code.js";
export { ValidationError, parseOrThrow, type ValidationIssue } from "./validation-error.js";
export { assertKnownOptions, nearestKey } from "./known-options.js";
export { TimeoutError } from "./timeout-error.js";
export { AbortedError } from "./aborted-error.js";
export { WireErrorSchema, toWireError, errorFromWire, type WireError } from "./wire-error.js";
export { getLogger, setLogger, type Logger } from "./logger.js";
