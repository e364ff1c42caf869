import type { ReplyRequest } from "../../machines/index.js";
import type { StructuredSchemaInput } from "./agent-options.js";
import type { SortedInput } from "./reply-input.js";
import type { ReplyRun } from "./reply-run.js";

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
