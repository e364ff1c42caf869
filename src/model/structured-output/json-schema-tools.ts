import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { z } from "zod";
import type { ValidationIssue } from "../../errors/index.js";
import { withoutTitles } from "../../message/index.js";
import type { JsonSchemaObject, StructuredSchema } from "./structured-response.js";

/** True when `schema` is a zod schema rather than a JSON schema. */
export function isZodSchema(schema: StructuredSchema): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/**
 * The JSON schema the model fills: a zod schema's *input* side (fields with defaults are optional
 * for the model), titles stripped.
 */
export function toParametersSchema(schema: StructuredSchema): Record<string, unknown> {
  if (!isZodSchema(schema)) return withoutTitles(schema);
  return withoutTitles(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
}

/**
 * The tool parameters for `schema`, after checking that it can validate at all (a JSON schema is
 * compiled once here), so a broken schema fails before any model call.
 */
export function prepareStructured(schema: StructuredSchema): Record<string, unknown> {
  if (!isZodSchema(schema)) validatorFor(schema);
  return toParametersSchema(schema);
}

/** A validation result: the accepted value, or what is wrong. */
export type StructuredCheck =
  { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };

let ajv: Ajv2020 | null = null;
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Validates `value` against the schema: zod parses (defaults filled, unknown keys handled as the
 * schema says); a JSON schema is checked with JSON Schema 2020-12 and the value kept as is.
 */
export function checkStructured(schema: StructuredSchema, value: unknown): StructuredCheck {
  if (isZodSchema(schema)) {
    const result = schema.safeParse(value);
    if (result.success) return { ok: true, value: result.data };
    return {
      ok: false,
      issues: result.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      })),
    };
  }
  const validate = validatorFor(schema);
  if (validate(value)) return { ok: true, value };
  return { ok: false, issues: (validate.errors ?? []).map(toIssue) };
}

function validatorFor(schema: JsonSchemaObject): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    ajv ??= new Ajv2020({ strict: false, allErrors: true });
    validate = ajv.compile(withoutTitles(schema));
    compiled.set(schema, validate);
  }
  return validate;
}

function toIssue(error: ErrorObject): ValidationIssue {
  const path = error.instancePath.split("/").filter(Boolean).join(".");
  return { path, message: error.message ?? error.keyword };
}
