import { MsgSchema } from "./msg-schema.js";

/** The keys `new Msg(…)` takes: every field of a message (the schema's keys). */
export const MSG_OPTIONS: ReadonlySet<string> = new Set(Object.keys(MsgSchema.shape));

/** The keys `UserMsg` and `SystemMsg` take (AgentScope's factory arguments, wire names). */
export const USER_MSG_OPTIONS: ReadonlySet<string> = new Set([
  "name",
  "content",
  "id",
  "metadata",
  "created_at",
  "finished_at",
  "finished_reason",
]);

/** The keys `AssistantMsg` takes: the user keys plus what a reply reports. */
export const ASSISTANT_MSG_OPTIONS: ReadonlySet<string> = new Set([
  ...USER_MSG_OPTIONS,
  "structured_output",
  "usage",
  "error",
]);
