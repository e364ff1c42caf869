import type { CompletionUsage } from "openai/resources/completions";
import type { ChatUsage } from "../chat-response.js";

/** Usage as OpenAI-compatible providers report it (DeepSeek adds its cache-hit count). */
export type ProviderUsage = CompletionUsage & { prompt_cache_hit_tokens?: number | null };

/** A provider's usage as `ChatUsage`: cached prompt tokens from OpenAI's details or DeepSeek's field. */
export function toChatUsage(usage: ProviderUsage, seconds: number): ChatUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
  return {
    input_tokens: count(usage.prompt_tokens),
    output_tokens: count(usage.completion_tokens),
    cache_input_tokens: count(cached),
    cache_creation_input_tokens: 0,
    time: seconds,
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}
