import { z } from "zod";
import { JsonFieldSchema } from "../../message/index.js";

/**
 * Chat Completions parameters, with the API's own names. Known ones are checked; others pass
 * through (provider extras such as `enable_thinking`), as JSON data of bounded depth (they are
 * sent in the request body). `parallel_tool_calls` is only sent together with tools.
 */
export const OpenAIChatParametersSchema = z
  .object({
    max_tokens: z.number().int().positive().optional(),
    max_completion_tokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().gt(0).max(1).optional(),
    presence_penalty: z.number().min(-2).max(2).optional(),
    frequency_penalty: z.number().min(-2).max(2).optional(),
    seed: z.number().int().optional(),
    stop: z.union([z.string(), z.array(z.string())]).optional(),
    parallel_tool_calls: z.boolean().optional(),
    reasoning_effort: z.string().min(1).optional(),
    user: z.string().optional(),
  })
  .catchall(JsonFieldSchema);
export type OpenAIChatParameters = z.output<typeof OpenAIChatParametersSchema>;
export type OpenAIChatParametersInput = z.input<typeof OpenAIChatParametersSchema>;

/** Body fields the model sets itself; parameters cannot override them. */
export const RESERVED_BODY_FIELDS: ReadonlySet<string> = new Set([
  "model",
  "messages",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
]);
