import { z } from "zod";
import { JsonObjectSchema, ModelFinishedReasonSchema, newId, now } from "../../message/index.js";
import { ChatUsageSchema, type ChatUsage } from "../chat-response.js";

/** A JSON schema, as a plain object. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** What structured output may be requested with: a zod schema or a JSON schema. */
export type StructuredSchema = z.ZodType | JsonSchemaObject;

/** Options of `generateStructuredOutput`. */
export interface StructuredOutputOptions {
  /** Aborting stops the attempt with an `AbortedError` (there is no partial structured output). */
  signal?: AbortSignal | undefined;
}

/** The wire form of a structured response (`content` is the validated object). */
export const StructuredResponseSchema = z.object({
  id: z.string().default(() => newId()),
  created_at: z.string().default(() => now()),
  content: JsonObjectSchema,
  usage: ChatUsageSchema.nullable().default(null),
  finished_reason: ModelFinishedReasonSchema.default("completed"),
  metadata: JsonObjectSchema.default(() => ({})),
});

/**
 * The result of `generateStructuredOutput`: `content` is the validated output (a zod schema's
 * parsed output, or the JSON object a JSON schema accepted); `usage` sums every model call made
 * (the repair round included); `metadata.attempts` counts them.
 */
export interface StructuredResponse<T> {
  id: string;
  created_at: string;
  content: T;
  usage: ChatUsage | null;
  finished_reason: "completed" | "interrupted";
  metadata: Record<string, unknown>;
}
