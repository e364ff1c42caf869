import { z } from "zod";
import {
  DataBlockSchema,
  JsonObjectSchema,
  ModelFinishedReasonSchema,
  TextBlockSchema,
  ThinkingBlockSchema,
  ToolCallBlockSchema,
  UsageSchema,
  newId,
  now,
} from "../message/index.js";

/** The blocks a model produces: text, thinking, tool calls and data. */
export const ChatContentBlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  ThinkingBlockSchema,
  ToolCallBlockSchema,
  DataBlockSchema,
]);
export type ChatContentBlock = z.output<typeof ChatContentBlockSchema>;

/**
 * Token usage of one model call (the four counts of `Usage`) plus `time`, the seconds the call
 * took (simulated time for `ScriptedModel`).
 */
export const ChatUsageSchema = UsageSchema.extend({
  time: z.number().nonnegative().default(0),
});
export type ChatUsage = z.output<typeof ChatUsageSchema>;
export type ChatUsageInput = z.input<typeof ChatUsageSchema>;

/**
 * One response of a chat model, with AgentScope's wire names. Without streaming a call gives one
 * response with `is_last: true`. With streaming, intermediate chunks (`is_last: false`) carry only
 * the delta of that step (block ids stay the same across chunks, so deltas accumulate by id), and
 * one final chunk (`is_last: true`) carries the full accumulated content and the usage.
 * `finished_reason` is `"interrupted"` when the call was aborted. `metadata.finish_reason` keeps
 * the provider's own reason (`"stop"`, `"length"`, `"tool_calls"`, …) when it gave one.
 */
export const ChatResponseSchema = z.object({
  id: z.string().default(() => newId()),
  created_at: z.string().default(() => now()),
  content: z.array(ChatContentBlockSchema),
  is_last: z.boolean(),
  usage: ChatUsageSchema.nullable().default(null),
  finished_reason: ModelFinishedReasonSchema.default("completed"),
  metadata: JsonObjectSchema.default(() => ({})),
});
export type ChatResponse = z.output<typeof ChatResponseSchema>;
export type ChatResponseInput = z.input<typeof ChatResponseSchema>;

/** The response of an aborted call: empty, last, `finished_reason: "interrupted"` (spec §3.6). */
export function interruptedResponse(id: string = newId()): ChatResponse {
  return {
    id,
    created_at: now(),
    content: [],
    is_last: true,
    usage: null,
    finished_reason: "interrupted",
    metadata: {},
  };
}
