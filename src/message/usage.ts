import { z } from "zod";

/** Token counts: safe integers (zod's `int()` is bounded by `Number.MAX_SAFE_INTEGER`). */
const tokens = z.number().int().nonnegative();

/** Token usage of one model call, or summed over a reply. */
export const UsageSchema = z.object({
  input_tokens: tokens,
  output_tokens: tokens,
  cache_input_tokens: tokens.default(0),
  cache_creation_input_tokens: tokens.default(0),
});
export type Usage = z.output<typeof UsageSchema>;

/** The four token counts of a usage-like value (extra fields such as `time` are left out). */
interface TokenCounts {
  input_tokens: number;
  output_tokens: number;
  cache_input_tokens: number;
  cache_creation_input_tokens: number;
}

/**
 * `a + b` for token counts, saturating at `Number.MAX_SAFE_INTEGER`: past it integers lose
 * precision and the sum would no longer pass `UsageSchema`, so a message could not be reloaded.
 * A count that is not a non-negative safe integer (an event made without validation) adds nothing.
 */
export function addTokens(a: number, b: number): number {
  if (!Number.isSafeInteger(b) || b < 0) return a;
  return Math.min(a + b, Number.MAX_SAFE_INTEGER);
}

/** Adds `counts` to a message's usage (creating it when null); returns the new usage. */
export function addUsage(usage: Usage | null, counts: TokenCounts): Usage {
  const base = usage ?? {
    input_tokens: 0,
    output_tokens: 0,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
  };
  base.input_tokens = addTokens(base.input_tokens, counts.input_tokens);
  base.output_tokens = addTokens(base.output_tokens, counts.output_tokens);
  base.cache_input_tokens = addTokens(base.cache_input_tokens, counts.cache_input_tokens);
  base.cache_creation_input_tokens = addTokens(
    base.cache_creation_input_tokens,
    counts.cache_creation_input_tokens,
  );
  return base;
}
