import { z } from "zod";

/** Why a reply ended. */
export const ReplyFinishedReason = {
  COMPLETED: "completed",
  INTERRUPTED: "interrupted",
  EXCEED_MAX_ITERS: "exceed_max_iters",
  ERROR: "error",
} as const;
export const ReplyFinishedReasonSchema = z.enum([
  "completed",
  "interrupted",
  "exceed_max_iters",
  "error",
]);
export type ReplyFinishedReason = z.output<typeof ReplyFinishedReasonSchema>;

/** Why one model call ended. */
export const ModelFinishedReason = {
  COMPLETED: "completed",
  INTERRUPTED: "interrupted",
} as const;
export const ModelFinishedReasonSchema = z.enum(["completed", "interrupted"]);
export type ModelFinishedReason = z.output<typeof ModelFinishedReasonSchema>;
