import { z } from "zod";

/** Token usage of one model call, or summed over a reply. */
export const UsageSchema = z.object({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cache_input_tokens: z.number().int().nonnegative().default(0),
  cache_creation_input_tokens: z.number().int().nonnegative().default(0),
});
export type Usage = z.output<typeof UsageSchema>;

/** The four token counts of a usage-like value (extra fields such as `time` are left out). */
interface TokenCounts {
  input_tokens: number;
  output_tokens: number;
  cache_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** Adds `counts` to a message's usage (creating it when null); returns the new usage. */
export function addUsage(usage: Usage | null, counts: TokenCounts): Usage {
  if (usage === null) {
    return {
      input_tokens: counts.input_tokens,
      output_tokens: counts.output_tokens,
      cache_input_tokens: counts.cache_input_tokens,
      cache_creation_input_tokens: counts.cache_creation_input_tokens,
    };
  }
  usage.input_tokens += counts.input_tokens;
  usage.output_tokens += counts.output_tokens;
  usage.cache_input_tokens += counts.cache_input_tokens;
  usage.cache_creation_input_tokens += counts.cache_creation_input_tokens;
  return usage;
}
