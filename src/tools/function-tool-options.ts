import type { z } from "zod";
import { ValidationError } from "../errors/index.js";
import { readOptions } from "../message/index.js";

/** Every key `new FunctionTool(…)` takes. */
export const FUNCTION_TOOL_OPTIONS: ReadonlySet<string> = new Set([
  "fn",
  "parameters",
  "name",
  "description",
  "isConcurrencySafe",
  "isReadOnly",
  "isStateInjected",
  "middlewares",
]);

const WHAT = "FunctionTool options";

/**
 * Names JavaScript gives functions that have none of their own: `{ fn: () => … }` names the arrow
 * after the option key (`"fn"`), `new Function()` is `"anonymous"`. A tool called that is a tool
 * whose author forgot to name it.
 */
const INFERRED_NAMES: ReadonlySet<string> = new Set(["", "fn", "anonymous"]);

/** A function's own name is usable when it is an identifier (not `"bound f"`, not `"get x"`). */
const IDENTIFIER = /^[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*$/u;

/** What the checks establish about the options. */
export interface CheckedFunctionToolOptions<O> {
  /** The options, read once into a plain copy. */
  readonly options: O;
  readonly name: string;
  readonly parameters: z.ZodObject;
}

/**
 * Checks `new FunctionTool(options)` before anything reads them: an object with known keys only,
 * `fn` a function, `parameters` a zod 4 object schema (a zod 3 schema is refused with a message
 * saying zod 4 is needed), the optional fields of the right types, and a name: the given one, or
 * the function's own when it has a real one (an anonymous function is refused). Every problem is
 * a `ValidationError` naming the option.
 */
export function checkFunctionToolOptions<O extends object>(
  given: O,
): CheckedFunctionToolOptions<O> {
  const options = readOptions(given, FUNCTION_TOOL_OPTIONS, WHAT);
  const o = options as Record<string, unknown>;
  if (typeof o["fn"] !== "function") refuse("fn", `Expected a function, received ${kind(o["fn"])}`);
  const parameters = zodObjectOf(o["parameters"]);
  for (const key of ["description"] as const) {
    if (o[key] !== undefined && typeof o[key] !== "string") {
      refuse(key, `Expected a string, received ${kind(o[key])}`);
    }
  }
  for (const key of ["isConcurrencySafe", "isReadOnly", "isStateInjected"] as const) {
    if (o[key] !== undefined && typeof o[key] !== "boolean") {
      refuse(key, `Expected a boolean, received ${kind(o[key])}`);
    }
  }
  if (o["middlewares"] !== undefined && !Array.isArray(o["middlewares"])) {
    refuse("middlewares", `Expected an array, received ${kind(o["middlewares"])}`);
  }
  return {
    options,
    name: nameOf(o["name"], o["fn"] as (...args: never[]) => unknown),
    parameters,
  };
}

function nameOf(given: unknown, fn: (...args: never[]) => unknown): string {
  if (given !== undefined) {
    if (typeof given !== "string" || given === "") {
      refuse("name", `Expected a non-empty string, received ${kind(given)}`);
    }
    return given;
  }
  const own = fn.name;
  if (INFERRED_NAMES.has(own) || !IDENTIFIER.test(own)) {
    refuse(
      "name",
      `A FunctionTool needs a name: pass \`name\`, or a named function as \`fn\` (the function's name is ${JSON.stringify(own)}).`,
    );
  }
  return own;
}

/** The zod 4 object schema `value` is, or a `ValidationError` saying what it is instead. */
function zodObjectOf(value: unknown): z.ZodObject {
  if (typeof value !== "object" || value === null) {
    refuse("parameters", `Expected a zod object schema (z.object({…})), received ${kind(value)}`);
  }
  let internals: { def?: { type?: unknown } } | undefined;
  let zod3 = false;
  try {
    internals = (value as { _zod?: { def?: { type?: unknown } } })._zod;
    zod3 = internals === undefined && "_def" in value;
  } catch (error) {
    refuse(
      "parameters",
      `Could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (internals === undefined) {
    if (zod3) {
      refuse(
        "parameters",
        "This is a zod 3 schema; FunctionTool needs zod 4 (install zod@^4 and import { z } from " +
          '"zod", or from "zod/v4" in zod 3.25).',
      );
    }
    refuse("parameters", "Expected a zod object schema (z.object({…})), received a plain object");
  }
  const type =
    typeof internals === "object" && internals !== null ? internals.def?.type : undefined;
  if (type !== "object") {
    refuse(
      "parameters",
      `Expected a zod object schema (z.object({…})), received a zod ${String(type)} schema`,
    );
  }
  return value as z.ZodObject;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function refuse(path: string, message: string): never {
  throw new ValidationError(WHAT, [{ path, message }]);
}
