import { setOwn } from "./own-property.js";

/** A JSON schema, as plain JSON data. */
export type JsonSchema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = [
  "items",
  "additionalProperties",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems", "items"] as const;

/**
 * A copy of `schema` without any `title` keyword, at any depth (properties, items,
 * additionalProperties, $defs, combinators …), the way AgentScope strips the titles pydantic adds.
 * A property that is itself *named* `title` is kept, and so is a `title` inside data (an `enum`
 * value, a `default`): only schema positions are visited. `$schema` is dropped at the top (models
 * do not need it). The one title stripper of tool parameters, structured output and model cards.
 */
export function withoutTitles(schema: Readonly<JsonSchema>): JsonSchema {
  const copy = stripNode(schema) as JsonSchema;
  delete copy["$schema"];
  return copy;
}

function stripNode(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (Array.isArray(node)) return node.map(cloneJson);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title") continue;
    // A property may be named `__proto__`: keys are set as data, never as the prototype.
    setOwn(out, key, cloneJson(value));
  }
  for (const key of ONE_SCHEMA) {
    const value = out[key];
    if (isObject(value)) out[key] = stripNode(value);
  }
  for (const key of SCHEMA_LISTS) {
    const value = out[key];
    if (Array.isArray(value)) out[key] = value.map(stripNode);
  }
  for (const key of SCHEMA_MAPS) {
    const value = out[key];
    if (isObject(value)) {
      const map: JsonSchema = {};
      for (const [name, sub] of Object.entries(value)) setOwn(map, name, stripNode(sub));
      out[key] = map;
    }
  }
  return out;
}

/** A deep copy of JSON data. */
export function cloneJson<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(value)) setOwn(out, key, cloneJson(sub));
  return out as T;
}

/** Freezes JSON data in depth, so a shared copy cannot be changed by one of its readers. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const sub of Object.values(value)) deepFreeze(sub);
  }
  return value;
}

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
