import { z } from "zod";
import type { ChatModel } from "../../model/index.js";

/** Model retries and fallback (spec §3.1). */
export const ModelConfigSchema = z.object({
  /** Retries per model when establishing a call fails (any error). */
  maxRetries: z.number().int().nonnegative().default(0),
  /** Tried after the primary model used up its attempts; the last error is rethrown. */
  fallbackModel: z
    .custom<ChatModel>(
      (value) => typeof value === "object" && value !== null && "call" in value && "model" in value,
      { error: "fallbackModel must be a ChatModel" },
    )
    .nullable()
    .default(null),
});
export type ModelConfig = z.output<typeof ModelConfigSchema>;
export type ModelConfigInput = z.input<typeof ModelConfigSchema>;
