import { z } from "zod";
import { parseOrThrow } from "../errors/index.js";
import {
  ExternalExecutionResultEventSchema,
  UserConfirmResultEventSchema,
} from "./events/hitl-events.js";
import { UserInterruptEventSchema } from "./events/reply-events.js";
import { JsonObjectSchema } from "./json-value.js";
import { MsgSchema } from "./msg-schema.js";

/** The wire names of the commands an agent takes. */
export const AgentCommandType = {
  REPLY: "reply",
  OBSERVE: "observe",
  INTERRUPT: "interrupt",
} as const;
export type AgentCommandType = (typeof AgentCommandType)[keyof typeof AgentCommandType];

/**
 * Reply to `inputs`: new messages (none: `null` or `[]`), or one of the three input events
 * (resume a parked reply with a confirmation or external results, or interrupt). A
 * `structured_schema` (a JSON schema) makes the reply end with a structured output; `queue: false`
 * refuses the command with `REPLY_BUSY` instead of waiting while another reply runs.
 */
export const ReplyCommandSchema = z.strictObject({
  type: z.literal(AgentCommandType.REPLY),
  inputs: z
    .union([
      z.array(MsgSchema),
      UserConfirmResultEventSchema,
      ExternalExecutionResultEventSchema,
      UserInterruptEventSchema,
      z.null(),
    ])
    .default(null),
  structured_schema: JsonObjectSchema.nullable().default(null),
  queue: z.boolean().default(true),
});
export type ReplyCommand = z.output<typeof ReplyCommandSchema>;

/** Add messages to the context without replying (applied when no reply runs or is parked). */
export const ObserveCommandSchema = z.strictObject({
  type: z.literal(AgentCommandType.OBSERVE),
  msgs: z.array(MsgSchema),
});
export type ObserveCommand = z.output<typeof ObserveCommandSchema>;

/** Interrupt the running (or parked) reply now, ahead of any queued replies. */
export const InterruptCommandSchema = z.strictObject({
  type: z.literal(AgentCommandType.INTERRUPT),
});
export type InterruptCommand = z.output<typeof InterruptCommandSchema>;

/**
 * Every command an agent takes, as plain data with wire names (what a bus carries to an agent);
 * discriminated by `type`.
 */
export const AgentCommandSchema = z.discriminatedUnion("type", [
  ReplyCommandSchema,
  ObserveCommandSchema,
  InterruptCommandSchema,
]);
export type AgentCommand = z.output<typeof AgentCommandSchema>;
export type AgentCommandInput = z.input<typeof AgentCommandSchema>;

/**
 * Parses a command arriving as data; a malformed one is a `ValidationError` naming the field.
 *
 * @example
 * const command = parseAgentCommand(JSON.parse(payload));
 */
export function parseAgentCommand(value: unknown): AgentCommand {
  return parseOrThrow(AgentCommandSchema, value, "agent command");
}
