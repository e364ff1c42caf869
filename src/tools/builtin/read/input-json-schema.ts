import { z } from "zod";
import { type JsonSchema, withoutTitles } from "../../json-schema.js";

/**
 * The JSON schema a model sees for a built-in tool's zod input, shaped the way pydantic shapes
 * the reference's (tests and clients compare them): no `$schema` or titles, no implicit
 * safe-integer bounds, `"T | null"` as `anyOf: [{type: T}, {type: "null"}]`, and records as
 * `additionalProperties: true` without `propertyNames`.
 */
export function inputJsonSchema(schema: z.ZodObject): JsonSchema {
  return normalise(withoutTitles(z.toJSONSchema(schema, { io: "input" }))) as JsonSchema;
}

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (typeof node !== "object" || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "minimum" && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === "maximum" && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === "propertyNames") continue;
    if (key === "additionalProperties" && isEmptyObject(value)) {
      out[key] = true;
      continue;
    }
    if (key === "type" && Array.isArray(value)) {
      out["anyOf"] = value.map((type: unknown) => ({ type }));
      continue;
    }
    out[key] = normalise(value);
  }
  return out;
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}
