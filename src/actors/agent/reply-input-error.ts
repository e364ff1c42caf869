import { ActorscopeError } from "../../errors/index.js";

/** Stable codes of the reply-input errors (spec §3.3 step 4, §3.4). */
export const ReplyInputErrorCode = {
  /** A message that cannot be an input (system role, tool calls, tool results, thinking). */
  INVALID_MESSAGE: "REPLY_INVALID_MESSAGE",
  /** New messages while a reply waits for confirmations or external results. */
  AWAITING_EVENT: "REPLY_AWAITING_EVENT",
  /** A confirmation or external result while nothing waits for one. */
  NOT_WAITING: "REPLY_NOT_WAITING",
  /** A confirmation or external result naming calls that do not wait for one. */
  UNKNOWN_TOOL_CALLS: "REPLY_UNKNOWN_TOOL_CALLS",
  /** The reply ended without a final message (for example an interrupt on an idle agent). */
  NO_FINAL_MESSAGE: "REPLY_NO_FINAL_MESSAGE",
  /** A reply is already running on this agent (or being prepared, or ending). */
  BUSY: "REPLY_BUSY",
  /** An input event names another reply than the one it would resume or interrupt. */
  REPLY_ID_MISMATCH: "REPLY_ID_MISMATCH",
  /**
   * The state's `reply_context` is not the parked reply's (it was lost or replaced: the state was
   * saved without it), so the parked calls cannot be resumed or closed as that reply's.
   */
  NO_REPLY_CONTEXT: "REPLY_NO_REPLY_CONTEXT",
} as const;
export type ReplyInputErrorCode = (typeof ReplyInputErrorCode)[keyof typeof ReplyInputErrorCode];

/** A reply or observe call got input it cannot take; nothing about the agent changed. */
export class ReplyInputError extends ActorscopeError {
  constructor(
    code: ReplyInputErrorCode,
    message: string,
    data: Record<string, unknown> = {},
    options: { cause?: unknown } = {},
  ) {
    super(code, message, { data, cause: options.cause });
  }
}
