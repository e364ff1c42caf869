import { z } from "zod";
import {
  InterruptCommandSchema,
  ObserveCommandSchema,
  ReplyCommandSchema,
} from "../../message/index.js";

/**
 * What an agent on the bus takes on `as.agent.<id>.in`: the mailbox commands of
 * `AgentCommandSchema` (a plain `AgentCommand` from any NATS client is a valid request), and two
 * the bus adds: `describe` (who the agent is and where its statechart is, for `agentRef` and for
 * an inspector that joins late) and `cancel` (a caller stopped reading a streamed reply early).
 */
export const AgentBusCommandType = {
  REPLY: "reply",
  OBSERVE: "observe",
  INTERRUPT: "interrupt",
  DESCRIBE: "describe",
  CANCEL: "cancel",
} as const;
export type AgentBusCommandType = (typeof AgentBusCommandType)[keyof typeof AgentBusCommandType];

/**
 * `reply`, with what a caller on the bus adds: `stream` (send the reply's events back as they
 * happen, not only its final message) and `call_id` (the name a `cancel` uses; required with
 * `stream`, so a caller can always stop what it started).
 */
export const BusReplyCommandSchema = ReplyCommandSchema.extend({
  stream: z.boolean().default(false),
  call_id: z.string().min(1).max(200).optional(),
}).refine((command) => !command.stream || command.call_id !== undefined, {
  error: "A streamed reply needs a `call_id` (the name its `cancel` uses)",
  path: ["call_id"],
});

/** Who the agent is and where its statechart is. */
export const DescribeCommandSchema = z.strictObject({
  type: z.literal(AgentBusCommandType.DESCRIBE),
});

/**
 * The caller stopped reading the streamed reply `call_id`: it is stopped as a local
 * `replyStream` is when its consumer stops (it leaves the queue, or is interrupted and waited
 * for); the call's own inbox then gets its `end` frame. Fire and forget: no reply of its own.
 */
export const CancelCommandSchema = z.strictObject({
  type: z.literal(AgentBusCommandType.CANCEL),
  call_id: z.string().min(1).max(200),
});

/** Every command an agent on the bus takes, discriminated by `type`. */
export const AgentBusCommandSchema = z.discriminatedUnion("type", [
  BusReplyCommandSchema,
  ObserveCommandSchema,
  InterruptCommandSchema,
  DescribeCommandSchema,
  CancelCommandSchema,
]);
export type AgentBusCommand = z.output<typeof AgentBusCommandSchema>;
export type AgentBusCommandInput = z.input<typeof AgentBusCommandSchema>;
