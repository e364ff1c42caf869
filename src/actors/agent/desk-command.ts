import type { ReplyOptions, StructuredSchemaInput } from "./agent-options.js";

/** A command as the desk takes it: the wire command (`AgentCommand`), where live values (a `Msg`, a zod schema) may stand for their data. */
export type DeskCommand = DeskReplyCommand | DeskObserveCommand | DeskInterruptCommand;

/** `reply`: see `ReplyCommandSchema` (`queue` defaults to true). */
export interface DeskReplyCommand {
  readonly type: "reply";
  readonly inputs: unknown;
  readonly structured_schema?: StructuredSchemaInput | null | undefined;
  readonly queue?: boolean | undefined;
}

/** `observe`: see `ObserveCommandSchema`. */
export interface DeskObserveCommand {
  readonly type: "observe";
  readonly msgs: unknown;
}

/** `interrupt`: see `InterruptCommandSchema`. */
export interface DeskInterruptCommand {
  readonly type: "interrupt";
}

/** The wire-shaped command of a `reply(inputs, options)` call. */
export function replyCommand(inputs: unknown, options: ReplyOptions): DeskReplyCommand {
  return {
    type: "reply",
    inputs,
    structured_schema: options.structuredSchema ?? null,
    queue: options.queue ?? true,
  };
}
