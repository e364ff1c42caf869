import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { z } from "zod";
import type { ValidationIssue } from "../../errors/index.js";
import { setOwn } from "../../message/index.js";
import type { JsonSchemaObject, StructuredSchema } from "./structured-response.js";

// Keywords whose value maps names to schemas: the names are data, not keywords to strip.
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

/**
 * The schema without `title` keywords (and without the root `$schema`): what the model is shown
 * as tool parameters (spec §3.11). Properties that happen to be called `title` stay.
 */
export function stripTitles(schema: JsonSchemaObject): Record<string, unknown> {
  const out = strip(schema, false) as Record<string, unknown>;
  delete out["$schema"];
  return out;
}

function strip(node: unknown, isMap: boolean): unknown {
  if (Array.isArray(node)) return node.map((item: unknown) => strip(item, false));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isMap && key === "title") continue;
    setOwn(out, key, strip(value, !isMap && SCHEMA_MAPS.has(key)));
  }
  return out;
}

/** True when `schema` is a zod schema rather than a JSON schema. */
export function isZodSchema(schema: StructuredSchema): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/**
 * The JSON schema the model fills: a zod schema's *input* side (fields with defaults are optional
 * for the model), titles stripped.
 */
export function toParametersSchema(schema: StructuredSchema): Record<string, unknown> {
  if (!isZodSchema(schema)) return stripTitles(schema);
  return stripTitles(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
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
    validate = ajv.compile(stripTitles(schema));
    compiled.set(schema, validate);
  }
  return validate;
}

function toIssue(error: ErrorObject): ValidationIssue {
  const path = error.instancePath.split("/").filter(Boolean).join(".");
  return { path, message: error.message ?? error.keyword };
}
