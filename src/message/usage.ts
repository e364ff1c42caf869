import { z } from "zod";

/** Token usage of one model call, or summed over a reply. */
export const UsageSchema = z.object({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cache_input_tokens: z.number().int().nonnegative().default(0),
  cache_creation_input_tokens: z.number().int().nonnegative().default(0),
});
export type Usage = z.output<typeof UsageSchema>;
