import { z } from "zod";
import { withoutTitles } from "../../tools/index.js";

/** What a structured output may be requested with: a zod schema (in process) or a JSON schema. */
export type StructuredOutputSchema = z.ZodType | Record<string, unknown>;

/**
 * The JSON schema of a structured-output request, as the model sees it (the input schema of
 * `GenerateStructuredOutput`) and as `reply_context.structured_schema` stores it (spec §3.11):
 * a zod schema's *input* side (fields with defaults are optional, unknown keys are not forbidden,
 * like pydantic's validation schema), or a copy of a JSON schema; `title` keywords and the root
 * `$schema` removed.
 *
 * @example
 * toStructuredJsonSchema(z.object({ city: z.string(), unit: z.string().default("C") }));
 * // { type: "object", properties: { city: { type: "string" },
 * //   unit: { default: "C", type: "string" } }, required: ["city"] }
 */
export function toStructuredJsonSchema(schema: StructuredOutputSchema): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return withoutTitles(schema);
  // Unrepresentable parts (dates, maps…) accept anything here; the zod schema still checks them
  // in process, and only a reloaded state falls back to this JSON form.
  return withoutTitles(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
}
