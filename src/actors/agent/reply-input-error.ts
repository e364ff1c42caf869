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
  /** A reply is already running on this agent. */
  BUSY: "REPLY_BUSY",
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
