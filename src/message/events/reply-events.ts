import { z } from "zod";
import { ErrorInfoSchema } from "../error-info.js";
import { ReplyFinishedReasonSchema } from "../finished-reason.js";
import { replyEventShape } from "./event-base.js";

/** A reply begins; `reply_id` is the id of the reply message. */
export const ReplyStartEventSchema = z.object({
  type: z.literal("REPLY_START"),
  ...replyEventShape,
  session_id: z.string(),
  name: z.string(),
  role: z.literal("assistant").default("assistant"),
});
export type ReplyStartEvent = z.output<typeof ReplyStartEventSchema>;

/** A reply ends, with why. */
export const ReplyEndEventSchema = z.object({
  type: z.literal("REPLY_END"),
  ...replyEventShape,
  session_id: z.string(),
  finished_reason: ReplyFinishedReasonSchema.default("completed"),
  error: ErrorInfoSchema.nullable().default(null),
});
export type ReplyEndEvent = z.output<typeof ReplyEndEventSchema>;

/** Deprecated: the reasoning-acting loop ran out of iterations (REPLY_END says so too). */
export const ExceedMaxItersEventSchema = z.object({
  type: z.literal("EXCEED_MAX_ITERS"),
  ...replyEventShape,
  name: z.string(),
});
export type ExceedMaxItersEvent = z.output<typeof ExceedMaxItersEventSchema>;

/** An input event: stop the reply now. */
export const UserInterruptEventSchema = z.object({
  type: z.literal("USER_INTERRUPT"),
  ...replyEventShape,
});
export type UserInterruptEvent = z.output<typeof UserInterruptEventSchema>;
