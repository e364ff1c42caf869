import { ValidationError, assertKnownOptions } from "../errors/index.js";

/**
 * Reads the options object a constructor was given, once, into a plain copy the constructor then
 * works from: it must be an object (anything else is a `ValidationError`, where reading its
 * fields would be a `TypeError`), its keys must all be in `known` (an unknown key is a
 * `ValidationError` naming it and the nearest known one, see `assertKnownOptions`), and reading
 * it must not throw (a getter or proxy that does is a `ValidationError` too). Values are not
 * copied: a tool, a schema or a function stays itself.
 *
 * @example
 * options = readOptions(options, FUNCTION_TOOL_OPTIONS, "FunctionTool options");
 */
export function readOptions<T>(options: T, known: ReadonlySet<string>, what: string): T {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    const got = options === null ? "null" : Array.isArray(options) ? "an array" : typeof options;
    throw new ValidationError(what, [{ path: "", message: `Expected an object, received ${got}` }]);
  }
  let copy: Record<string, unknown>;
  try {
    copy = { ...(options as object) };
  } catch (error) {
    const message = `Could not be read: ${error instanceof Error ? error.message : String(error)}`;
    throw new ValidationError(what, [{ path: "", message }], { cause: error });
  }
  assertKnownOptions(copy, known, what);
  return copy as T;
}
