import { ValidationError, assertKnownOptions } from "../errors/index.js";

/**
 * Checks the options object a constructor was given: an object (anything else is a
 * `ValidationError`, where reading its fields would be a `TypeError`) whose keys are all in
 * `known` (an unknown key is a `ValidationError` naming it and the nearest known one, see
 * `assertKnownOptions`).
 *
 * @example
 * assertOptionsObject(options, FUNCTION_TOOL_OPTIONS, "FunctionTool options");
 */
export function assertOptionsObject(
  options: unknown,
  known: ReadonlySet<string>,
  what: string,
): asserts options is object {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    const got = options === null ? "null" : Array.isArray(options) ? "an array" : typeof options;
    throw new ValidationError(what, [{ path: "", message: `Expected an object, received ${got}` }]);
  }
  assertKnownOptions(options, known, what);
}
