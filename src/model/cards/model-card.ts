import { z } from "zod";
import { parseOrThrow } from "../../errors/index.js";
import { readOptions, setOwn, withoutTitles } from "../../message/index.js";
import type { JsonSchemaObject } from "../structured-output/structured-response.js";

/** How a card changes one parameter: merged into its schema, or `null` to remove it. */
const OverrideSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * A model card as written in YAML (seed "Model cards"): capabilities as MIME types
 * (`input_types` such as `image/*`, `output_types` such as `application/x-thinking`), limits,
 * and per-model parameter overrides.
 */
export const ModelCardFileSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  status: z.enum(["active", "deprecated", "sunset"]).default("active"),
  /** When the provider retires the model (ISO 8601, as the reference's cards write it). */
  deprecated_at: z.string().nullable().default(null),
  input_types: z.array(z.string().min(1)).default(() => ["text/plain"]),
  output_types: z.array(z.string().min(1)).default(() => ["text/plain"]),
  context_size: z.number().int().positive(),
  output_size: z.number().int().positive(),
  parameter_overrides: z.record(z.string(), OverrideSchema).default(() => ({})),
});
export type ModelCardFile = z.input<typeof ModelCardFileSchema>;

/** Every key a card file may have: a misspelt one (`context_sise`) is refused, not dropped. */
const CARD_KEYS: ReadonlySet<string> = new Set(Object.keys(ModelCardFileSchema.shape));

/**
 * A model card: the YAML fields plus `parameter_schema`, the JSON schema of the parameter form —
 * the model class's parameter schema with the card's overrides merged in.
 */
export interface ModelCard extends z.output<typeof ModelCardFileSchema> {
  parameter_schema: Record<string, unknown>;
}

/**
 * The parameter form of a card: `base` (a zod schema or JSON schema of the parameters, titles
 * stripped) with each override applied to its property — `{ … }` shallow-merged
 * (`{ maximum: 4096 }`, `{ hidden: true }`), `null` removing the parameter.
 */
export function mergeParameterSchema(
  base: z.ZodType | JsonSchemaObject,
  overrides: Readonly<Record<string, Record<string, unknown> | null>>,
): Record<string, unknown> {
  const schema =
    base instanceof z.ZodType
      ? withoutTitles(z.toJSONSchema(base, { io: "input", unrepresentable: "any" }))
      : withoutTitles(base);
  const removed = new Set(
    Object.entries(overrides).flatMap(([name, override]) => (override === null ? [name] : [])),
  );
  const baseProperties = (schema["properties"] ?? {}) as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(baseProperties)) {
    if (!removed.has(name)) setOwn(properties, name, property);
  }
  for (const [name, override] of Object.entries(overrides)) {
    if (override === null) continue;
    const current = Object.hasOwn(properties, name) ? properties[name] : undefined;
    setOwn(properties, name, { ...(isObject(current) ? current : {}), ...override });
  }
  const required = Array.isArray(schema["required"])
    ? (schema["required"] as unknown[]).filter((name) => !removed.has(String(name)))
    : null;
  const merged: Record<string, unknown> = { ...schema, properties };
  if (required !== null) merged["required"] = required;
  return merged;
}

/**
 * Validates a card (parsed from YAML) and computes its parameter form. An unknown key is a
 * `ValidationError` naming it and the nearest known one.
 */
export function toModelCard(value: unknown, parameters: z.ZodType | JsonSchemaObject): ModelCard {
  const card = parseOrThrow(
    ModelCardFileSchema,
    readOptions(value, CARD_KEYS, "model card"),
    "model card",
  );
  return { ...card, parameter_schema: mergeParameterSchema(parameters, card.parameter_overrides) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
