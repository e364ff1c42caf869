import { ActorscopeError } from "../errors/index.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { pyRepr } from "./input/py-repr.js";
import { isObject, type JsonSchema } from "./json-schema.js";

/** Schemas already checked, by identity: listing runs before every model call. */
const checked = new WeakSet<object>();

/**
 * Checks that a tool's input schema is what the reference requires of every tool: an object
 * schema with a `properties` object. Throws `INVALID_INPUT_SCHEMA` with the reference's message.
 */
export function assertToolInputSchema(schema: JsonSchema): void {
  if (checked.has(schema)) return;
  if (schema["type"] !== "object" || !isObject(schema["properties"])) {
    throw new ActorscopeError(
      ToolErrorCode.INVALID_INPUT_SCHEMA,
      `Invalid input_schema: ${pyRepr(schema)}. `,
    );
  }
  checked.add(schema);
}
