import { z } from "zod";

/*
 * The Chat Completions wire shapes as they arrive, checked before anything reads them: a provider
 * (or whatever answers at the base URL) may send any JSON. Fields we read have their types
 * checked (`null` and absence are accepted where providers send either); fields we do not read
 * pass through unchecked (`looseObject`), so provider extensions never fail a call.
 */

const text = z.string().nullish();
const count = z.number().nullish();

/** Token usage, OpenAI's (`prompt_tokens_details.cached_tokens`) or DeepSeek's cache-hit count. */
export const WireUsageSchema = z.looseObject({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z.looseObject({ cached_tokens: count }).nullish(),
  prompt_cache_hit_tokens: count,
});
export type WireUsage = z.output<typeof WireUsageSchema>;

/** Reasoning as DeepSeek and Qwen (`reasoning_content`) or vLLM and OpenRouter (`reasoning`) send it. */
const reasoningShape = { reasoning_content: text, reasoning: text };

/** One tool-call delta of a streamed chunk: the first carries `id` and `name`, later ones arguments. */
export const WireToolCallDeltaSchema = z.looseObject({
  index: z.number().int().nonnegative().nullish(),
  id: text,
  type: text,
  function: z.looseObject({ name: text, arguments: text }).nullish(),
});

/** What one streamed chunk adds. */
export const WireDeltaSchema = z.looseObject({
  role: text,
  content: text,
  refusal: text,
  ...reasoningShape,
  tool_calls: z.array(WireToolCallDeltaSchema).nullish(),
});
export type WireDelta = z.output<typeof WireDeltaSchema>;

/** A streamed chunk (`chat.completion.chunk`); the usage-only last chunk has `choices: []`. */
export const WireChunkSchema = z.looseObject({
  id: text,
  choices: z
    .array(z.looseObject({ delta: WireDeltaSchema.nullish(), finish_reason: text }))
    .nullish(),
  usage: WireUsageSchema.nullish(),
});
export type WireChunk = z.output<typeof WireChunkSchema>;

/** A function call in a completed message. */
const WireToolCallSchema = z.looseObject({
  id: z.string(),
  type: text,
  function: z.looseObject({ name: z.string(), arguments: z.string() }).nullish(),
});

/** A non-streamed completion (`chat.completion`). */
export const WireCompletionSchema = z.looseObject({
  id: text,
  choices: z.array(
    z.looseObject({
      message: z.looseObject({
        content: text,
        refusal: text,
        ...reasoningShape,
        tool_calls: z.array(WireToolCallSchema).nullish(),
      }),
      finish_reason: text,
    }),
  ),
  usage: WireUsageSchema.nullish(),
});
export type WireCompletion = z.output<typeof WireCompletionSchema>;
