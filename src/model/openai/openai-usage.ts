import type { ChatUsage } from "../chat-response.js";
import type { WireUsage } from "./openai-wire.js";

/** A provider's usage as `ChatUsage`: cached prompt tokens from OpenAI's details or DeepSeek's field. */
export function toChatUsage(usage: WireUsage, seconds: number): ChatUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
  return {
    input_tokens: count(usage.prompt_tokens),
    output_tokens: count(usage.completion_tokens),
    cache_input_tokens: count(cached),
    cache_creation_input_tokens: 0,
    time: seconds,
  };
}

/** A count as a safe integer: fractions cut, negatives 0, absurd sizes capped (they stay valid usage). */
function count(value: number | null | undefined): number {
  if (typeof value !== "number" || !(value > 0)) return 0;
  return Math.min(Math.trunc(value), Number.MAX_SAFE_INTEGER);
}
