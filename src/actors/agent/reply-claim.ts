import { getLogger } from "../../errors/index.js";
import type { ReplyRequest } from "../../machines/index.js";
import type { StructuredSchemaInput } from "./agent-options.js";
import type { DeskReplyCommand } from "./desk-command.js";
import { sortInput, type SortedInput } from "./reply-input.js";
import type { ReplyRun } from "./reply-run.js";
import { toStructuredJsonSchema } from "./structured-output-schema.js";

/** A schema for the coming reply's structured output, with its JSON form. */
export interface PendingStructured {
  readonly schema: StructuredSchemaInput;
  readonly json: Record<string, unknown>;
}

/** A reply call's input, checked (the state is not looked at yet). */
export interface ReplyCall {
  /** As given (what an `onReply` middleware sees). */
  readonly inputs: unknown;
  readonly sorted: SortedInput;
  /** As given (what an `onReply` middleware sees). */
  readonly structuredSchema: StructuredSchemaInput | null;
  /** With its JSON form; null unless the input is new messages. */
  readonly structured: PendingStructured | null;
}

/** A reply call that has claimed the agent: its run and the request it will hand to the machine. */
export interface Claim {
  readonly run: ReplyRun;
  readonly request: ReplyRequest | "interrupt";
  readonly structured: PendingStructured | null;
  readonly inputs: unknown;
  readonly structuredSchema: StructuredSchemaInput | null;
}

/**
 * Checks a reply call's input (spec §3.4, and what the state cannot change: its shape, its
 * structured schema's JSON form) without looking at the agent; what it does to the agent is
 * checked when it claims it (`requestFor`).
 */
export function readReplyCall(command: DeskReplyCommand, agentName: string): ReplyCall {
  const sorted = sortInput(command.inputs);
  const schema = command.structured_schema ?? null;
  if (schema !== null && sorted.kind !== "msgs") {
    getLogger().warn(
      `agent '${agentName}': a structured schema given with an input event is ignored; the parked reply keeps its own.`,
    );
  }
  // A schema that cannot be turned into JSON fails here, before anything is claimed or queued.
  const structured =
    schema !== null && sorted.kind === "msgs"
      ? { schema, json: toStructuredJsonSchema(schema) }
      : null;
  return { inputs: command.inputs, sorted, structuredSchema: schema, structured };
}
