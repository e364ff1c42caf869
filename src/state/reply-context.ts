import { z } from "zod";
import { JsonObjectSchema, newId } from "../message/index.js";

/** A JSON schema object (as sent to models and stored in state): bounded JSON, see `JsonObjectSchema`. */
export const JsonSchemaObjectSchema = JsonObjectSchema;
export type JsonSchemaObject = z.output<typeof JsonSchemaObjectSchema>;

/**
 * The reply in progress (spec §10): its id, how many reasoning-acting rounds it has done, and
 * the structured output it must produce (the schema as JSON, so a parked reply survives a
 * restart) and has produced.
 */
export const ReplyContextSchema = z.object({
  reply_id: z.string().default(() => newId()),
  cur_iter: z.number().int().nonnegative().default(0),
  structured_schema: JsonSchemaObjectSchema.nullable().default(null),
  structured_output: JsonObjectSchema.nullable().default(null),
});
export type ReplyContext = z.output<typeof ReplyContextSchema>;
export type ReplyContextInput = z.input<typeof ReplyContextSchema>;
