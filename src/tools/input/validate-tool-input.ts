import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { getLogger } from "../../errors/index.js";
import type { ToolInput } from "../../permission/index.js";
import { ToolInputValidationError } from "../errors/tool-input-validation-error.js";
import type { JsonSchema } from "../json-schema.js";
import { describeSchemaError } from "./schema-error-message.js";

/*
 * Formats are not checked, as Python's `jsonschema.validate` does not check them by default;
 * `strict: false` because tool schemas come from anywhere (MCP servers) and may carry keywords
 * this validator does not know. `verbose` gives each error its data and schema value, which the
 * messages quote.
 */
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false, verbose: true });

/** Compiled validators by schema object: the hot path, one lookup per call. */
const bySchema = new WeakMap<object, ValidateFunction | null>();
/** Compiled validators by schema text, for schemas rebuilt on every listing (MCP tools). */
const byText = new Map<string, ValidateFunction | null>();
const MAX_BY_TEXT = 1000;

/**
 * Checks a tool input against the tool's JSON schema; throws a `ToolInputValidationError` worded
 * like Python's `jsonschema` (`'hot' is not of type 'number'`), reporting the error it would
 * report first. Each schema is compiled once. A schema that cannot be compiled is logged once and
 * not enforced (the tool still validates its own input).
 */
export function validateToolInput(toolName: string, schema: JsonSchema, input: ToolInput): void {
  const validate = validatorFor(schema);
  if (validate === null || validate(input)) return;
  const errors = validate.errors ?? [];
  throw new ToolInputValidationError(toolName, describeSchemaError(errors, schema));
}

function validatorFor(schema: JsonSchema): ValidateFunction | null {
  const cached = bySchema.get(schema);
  if (cached !== undefined) return cached;
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (validate === undefined) {
    validate = compile(schema);
    if (byText.size >= MAX_BY_TEXT) {
      const oldest = byText.keys().next();
      if (oldest.done !== true) byText.delete(oldest.value);
    }
    byText.set(text, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

function compile(schema: JsonSchema): ValidateFunction | null {
  // `$schema` may name another draft and `$id` may clash with another tool's: neither matters
  // for validating one input.
  const body: JsonSchema = { ...schema };
  delete body["$schema"];
  delete body["$id"];
  try {
    const validate = ajv.compile(body);
    // The validator keeps working; dropping it from ajv's own cache keeps memory bounded by ours.
    ajv.removeSchema(body);
    return validate;
  } catch (error) {
    getLogger().warn("A tool input schema could not be compiled; inputs are not checked", {
      error: (error as Error).message,
    });
    return null;
  }
}
