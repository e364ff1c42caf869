import { z } from "zod";
import { AgentEventSchema, MsgSchema } from "../../message/index.js";
import { AgentDescriptionSchema } from "./agent-transition.js";

/**
 * What an agent sends back to a command's caller (to the command's `replyTo` inbox), in order:
 * `accepted` at once (the agent has the command, and says how often it will beat), then — while
 * the command is not over — `heartbeat`s, and the reply's `event`s when the caller asked for
 * them; last, one end: `result` (a reply's final message), `description` (`describe`), `done`
 * (observe, interrupt, a stopped stream), or an error reply (`{ code, message, data }`).
 * Every frame carries its sequence number in the `as-seq` header, so a caller tells a lost
 * frame from a slow agent.
 */
export const AgentFrameKind = {
  ACCEPTED: "accepted",
  HEARTBEAT: "heartbeat",
  EVENT: "event",
  RESULT: "result",
  DESCRIPTION: "description",
  DONE: "done",
} as const;
export type AgentFrameKind = (typeof AgentFrameKind)[keyof typeof AgentFrameKind];

export { SEQ_HEADER } from "../framed-call/seq-header.js";

const AcceptedFrameSchema = z.object({
  kind: z.literal(AgentFrameKind.ACCEPTED),
  /** How often the agent beats while the command is not over. */
  heartbeat_ms: z.number().int().positive(),
});
const HeartbeatFrameSchema = z.object({ kind: z.literal(AgentFrameKind.HEARTBEAT) });
const EventFrameSchema = z.object({
  kind: z.literal(AgentFrameKind.EVENT),
  event: AgentEventSchema,
});
const ResultFrameSchema = z.object({ kind: z.literal(AgentFrameKind.RESULT), msg: MsgSchema });
const DescriptionFrameSchema = z.object({
  kind: z.literal(AgentFrameKind.DESCRIPTION),
  description: AgentDescriptionSchema,
});
const DoneFrameSchema = z.object({ kind: z.literal(AgentFrameKind.DONE) });

/** One frame of a command's answer (see {@link AgentFrameKind}). */
export const AgentFrameSchema = z.discriminatedUnion("kind", [
  AcceptedFrameSchema,
  HeartbeatFrameSchema,
  EventFrameSchema,
  ResultFrameSchema,
  DescriptionFrameSchema,
  DoneFrameSchema,
]);
export type AgentFrame = z.output<typeof AgentFrameSchema>;

/** Frames that end a command. */
export type AgentEndFrame = Extract<AgentFrame, { kind: "result" | "description" | "done" }>;
