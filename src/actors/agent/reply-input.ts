import {
  Msg,
  isFrozenMsg,
  parseAgentEvent,
  type AgentEvent,
  type ExternalExecutionResultEvent,
  type UserConfirmResultEvent,
  type UserInterruptEvent,
} from "../../message/index.js";
import type { ReplyRequest } from "../../machines/index.js";
import type { AgentState } from "../../state/index.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";

/** What `reply` and `replyStream` take. */
export type ReplyInput =
  | Msg
  | readonly Msg[]
  | UserConfirmResultEvent
  | ExternalExecutionResultEvent
  | UserInterruptEvent
  | null
  | undefined;

/** A reply input sorted out: new messages, or one of the three input events. */
export type SortedInput =
  | { readonly kind: "msgs"; readonly msgs: Msg[] }
  | { readonly kind: "confirm"; readonly event: UserConfirmResultEvent }
  | { readonly kind: "external"; readonly event: ExternalExecutionResultEvent }
  | { readonly kind: "interrupt"; readonly event: UserInterruptEvent };

/**
 * Sorts and validates a reply input. Plain objects (JSON from a client or the bus) are parsed as
 * events or messages; a malformed one gives a `ValidationError` naming the field.
 */
export function sortInput(input: unknown): SortedInput {
  if (input === null || input === undefined) return { kind: "msgs", msgs: [] };
  if (input instanceof Msg) return { kind: "msgs", msgs: validateMsgs([input]) };
  if (Array.isArray(input)) return { kind: "msgs", msgs: validateMsgs(input) };
  if (typeof input === "object" && "type" in input) {
    const event: AgentEvent = parseAgentEvent(input);
    switch (event.type) {
      case "USER_CONFIRM_RESULT":
        return { kind: "confirm", event };
      case "EXTERNAL_EXECUTION_RESULT":
        return { kind: "external", event };
      case "USER_INTERRUPT":
        return { kind: "interrupt", event };
      default:
        throw invalidMessage(input);
    }
  }
  return { kind: "msgs", msgs: validateMsgs([input]) };
}

/**
 * Spec §3.4: every input must be a message with role user or assistant and no tool calls, tool
 * results or thinking. Returns deep copies (plain objects are parsed as messages); a frozen
 * message (`freezeMsg`) cannot change, so it is kept as it is — a hub hands one to all of its
 * participants, and a copy per participant would be most of the cost of a delivery.
 */
export function validateMsgs(values: readonly unknown[]): Msg[] {
  return values.map((value) => {
    let msg: Msg;
    try {
      msg = shareable(value)
        ? value
        : value instanceof Msg
          ? Msg.fromJSON(value.toJSON())
          : Msg.fromJSON(value);
    } catch (error) {
      // The validation error (naming the bad field) stays reachable as the cause.
      throw invalidMessage(value, error);
    }
    if (msg.role === "system" || msg.hasContentBlocks(["tool_call", "tool_result", "thinking"])) {
      throw invalidMessage(value);
    }
    return msg;
  });
}

/** A frozen message without data blocks (media replacement rewrites those in place: they are copied). */
function shareable(value: unknown): value is Msg {
  return isFrozenMsg(value) && !(value as Msg).hasContentBlocks("data");
}

function invalidMessage(value: unknown, cause?: unknown): ReplyInputError {
  return new ReplyInputError(
    ReplyInputErrorCode.INVALID_MESSAGE,
    `Invalid message in the input: ${describe(value)}. The message should be a Msg object with role 'user' or 'assistant', and should not contain tool calls, tool results or thinking blocks.`,
    {},
    { cause },
  );
}

/**
 * Spec §3.3 step 4: checks an input against what the agent waits for. Throws the reference's
 * errors; returns true when the input resumes a parked reply.
 */
export function checkIncomingEvent(state: AgentState, name: string, input: SortedInput): boolean {
  const awaiting = state.getAwaitingToolCalls(name);
  const asking = awaiting.filter((c) => c.state === "asking");
  const submitted = awaiting.filter((c) => c.state === "submitted");
  switch (input.kind) {
    case "msgs":
    case "interrupt":
      if (input.kind === "msgs" && awaiting.length > 0) {
        throw new ReplyInputError(
          ReplyInputErrorCode.AWAITING_EVENT,
          `Agent is waiting for ${asking.length} tool calls and external execution results for ${submitted.length} tool calls, but received no event.`,
        );
      }
      return false;
    case "confirm": {
      if (asking.length === 0) {
        throw new ReplyInputError(
          ReplyInputErrorCode.NOT_WAITING,
          `Agent is not waiting for user confirmation, but received UserConfirmResultEvent: ${describe(input.event)}`,
        );
      }
      checkParkedReply(state, name, input.event);
      const waiting = new Set(asking.map((c) => c.id));
      const extra = input.event.confirm_results
        .map((r) => r.tool_call.id)
        .filter((id) => !waiting.has(id));
      if (extra.length > 0) {
        throw new ReplyInputError(
          ReplyInputErrorCode.UNKNOWN_TOOL_CALLS,
          `Received UserConfirmResultEvent with tool call ids ${pySet(extra)} that are not waiting for confirmation.`,
          { tool_call_ids: extra },
        );
      }
      return true;
    }
    case "external": {
      if (submitted.length === 0) {
        throw new ReplyInputError(
          ReplyInputErrorCode.NOT_WAITING,
          `Agent is not waiting for external execution result, but received ExternalExecutionResultEvent: ${describe(input.event)}`,
        );
      }
      checkParkedReply(state, name, input.event);
      const waiting = new Set(submitted.map((c) => c.id));
      const extra = input.event.execution_results.map((r) => r.id).filter((id) => !waiting.has(id));
      if (extra.length > 0) {
        throw new ReplyInputError(
          ReplyInputErrorCode.UNKNOWN_TOOL_CALLS,
          `Received ExternalExecutionResultEvent with tool call ids ${pySet(extra)} that are not waiting for external execution results.`,
          { tool_call_ids: extra },
        );
      }
      return true;
    }
  }
}

/**
 * Checks that an input event is meant for the reply parked in `state` (a departure: the reference
 * checks neither, and a mismatch there silently never runs the approved call):
 * - the parked message must be the state's reply (`reply_context.reply_id` is its id, spec
 *   §3.10), else the state lost its reply context (`NO_REPLY_CONTEXT`);
 * - the event's `reply_id` (required by its schema) must be that reply's (`REPLY_ID_MISMATCH`).
 * The caller has checked that something is parked.
 */
export function checkParkedReply(
  state: AgentState,
  name: string,
  event: UserConfirmResultEvent | ExternalExecutionResultEvent | UserInterruptEvent,
): void {
  const parkedId = state.lastOwnMessage(name)?.id;
  if (parkedId !== state.replyId) {
    throw new ReplyInputError(
      ReplyInputErrorCode.NO_REPLY_CONTEXT,
      `The agent's state has no reply context for the parked reply '${String(parkedId)}' (its reply_context is for '${state.replyId}'): restore the state with the reply_context it was saved with.`,
      { parked_reply_id: parkedId ?? null, reply_id: state.replyId },
    );
  }
  checkReplyId(state, event);
}

/** The event's `reply_id` must be the reply in progress (`REPLY_ID_MISMATCH`). */
export function checkReplyId(state: AgentState, event: { type: string; reply_id: string }): void {
  if (event.reply_id === state.replyId) return;
  throw new ReplyInputError(
    ReplyInputErrorCode.REPLY_ID_MISMATCH,
    `Received ${event.type} for reply '${event.reply_id}', but the agent's reply in progress is '${state.replyId}'.`,
    { reply_id: event.reply_id, expected_reply_id: state.replyId },
  );
}

/**
 * What a checked reply call asks of the agent in this state (spec §3.3 steps 3–4): a new reply,
 * a resume, or closing the parked reply ("interrupt"); null when there is nothing to do (an
 * interrupt with nothing parked). Throws the `ReplyInputError` the state refuses the call with.
 */
export function requestFor(
  state: AgentState,
  name: string,
  sorted: SortedInput,
): ReplyRequest | "interrupt" | null {
  if (sorted.kind === "interrupt") {
    if (!state.hasAwaitingToolCalls(name)) return null; // spec §3.3 step 3: nothing to do
    checkParkedReply(state, name, sorted.event);
    return "interrupt";
  }
  checkIncomingEvent(state, name, sorted);
  return sorted.kind === "msgs" ? { kind: "new", msgs: sorted.msgs } : sorted;
}

/** Whether a reply input is a `UserInterruptEvent` (checked no further: it interrupts a running reply). */
export function isInterruptEvent(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "USER_INTERRUPT"
  );
}

/** Python's repr of a set of strings: `{'a', 'b'}` (first-seen order, no duplicates). */
function pySet(ids: readonly string[]): string {
  return `{${[...new Set(ids)].map((id) => `'${id.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`).join(", ")}}`;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
