import { z } from "zod";
import { ModelFinishedReasonSchema } from "../finished-reason.js";
import { replyEventShape } from "./event-base.js";

/** A model call begins. */
export const ModelCallStartEventSchema = z.object({
  type: z.literal("MODEL_CALL_START"),
  ...replyEventShape,
  model_name: z.string(),
});
export type ModelCallStartEvent = z.output<typeof ModelCallStartEventSchema>;

const tokens = z.number().int().nonnegative();

/** A model call ends, with its token usage. */
export const ModelCallEndEventSchema = z.object({
  type: z.literal("MODEL_CALL_END"),
  ...replyEventShape,
  input_tokens: tokens,
  output_tokens: tokens,
  cache_input_tokens: tokens.default(0),
  cache_creation_input_tokens: tokens.default(0),
  finished_reason: ModelFinishedReasonSchema.default("completed"),
});
export type ModelCallEndEvent = z.output<typeof ModelCallEndEventSchema>;
