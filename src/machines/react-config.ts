import { z } from "zod";

export const DEFAULT_INTERRUPTION_MESSAGE = "I notice the interruption. How can I help you?";

/** The reasoning-acting loop's limits (spec §3.1). */
export const ReActConfigSchema = z.object({
  /** Rounds of reasoning and acting per reply before it ends with `exceed_max_iters`. */
  maxIters: z.number().int().nonnegative().default(50),
  /** Extra rounds allowed to produce a required structured output. */
  structuredOutputGraceIters: z.number().int().positive().default(5),
  /** Kept for AgentScope compatibility; unused there too. */
  stopOnReject: z.boolean().default(false),
  /** The text of the message an interrupted reply returns. */
  interruptionMessage: z.string().default(DEFAULT_INTERRUPTION_MESSAGE),
  /** Whether `reply()` rejects (with an AbortedError) after an interruption, instead of returning. */
  interruptionRaiseCancelledError: z.boolean().default(false),
});
export type ReActConfig = z.output<typeof ReActConfigSchema>;
export type ReActConfigInput = z.input<typeof ReActConfigSchema>;
