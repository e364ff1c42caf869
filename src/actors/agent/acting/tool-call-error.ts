import { ActorscopeError } from "../../../errors/index.js";
import { ActingErrorCode } from "./acting-error-code.js";

/** Where in the per-call pipeline (spec §3.7) a failure happened. */
export type ToolCallStage = "prepare" | "permission" | "acting" | "result";

const WHERE: Readonly<Record<ToolCallStage, string>> = {
  prepare: "before it ran",
  permission: "in its permission check",
  acting: "while running",
  result: "while its result was saved",
};

/** The longest cause text kept in the model's error text (a cause may embed a huge input). */
const MAX_CAUSE_TEXT = 2000;

/**
 * One tool call's pipeline failed with an error that is not meant for the model (a bug in a
 * tool, a hook or a middleware, or a hostile input that broke a step). The call gets an `error`
 * result whose text is `"ToolCallError: {message}"`, so the model's next request stays valid;
 * the original error is the `cause`.
 *
 * @example
 * // the model reads:
 * // "ToolCallError: Tool call 'c1' (tool 'Bash') failed in its permission check: parser crashed"
 */
export class ToolCallError extends ActorscopeError {
  declare readonly code: typeof ActingErrorCode.TOOL_CALL_FAILED;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly stage: ToolCallStage;

  constructor(
    call: { readonly id: string; readonly name: string },
    stage: ToolCallStage,
    message: string,
    cause: unknown,
  ) {
    super(ActingErrorCode.TOOL_CALL_FAILED, message, {
      cause,
      data: { toolCallId: call.id, toolName: call.name, stage },
    });
    this.toolCallId = call.id;
    this.toolName = call.name;
    this.stage = stage;
  }

  /** The error for `cause`, thrown at `stage` of `call`'s pipeline. */
  static fromCause(
    call: { readonly id: string; readonly name: string },
    stage: ToolCallStage,
    cause: unknown,
  ): ToolCallError {
    return new ToolCallError(
      call,
      stage,
      `Tool call '${call.id}' (tool '${call.name}') failed ${WHERE[stage]}: ${causeText(cause)}`,
      cause,
    );
  }

  /** What the model reads: `"ToolCallError: {message}"`. */
  override toString(): string {
    return `${this.name}: ${this.message}`;
  }
}

/** `"{Name}: {message}"` (the message alone for a plain `Error`), cut to a bounded length. */
function causeText(cause: unknown): string {
  let text: string;
  if (cause instanceof Error) {
    text =
      cause.name === "Error" || cause.name === ""
        ? cause.message
        : `${cause.name}: ${cause.message}`;
  } else if (typeof cause === "string") {
    text = cause;
  } else {
    try {
      text = JSON.stringify(cause) ?? String(cause);
    } catch {
      text = Object.prototype.toString.call(cause);
    }
  }
  if (text.length <= MAX_CAUSE_TEXT) return text;
  const half = MAX_CAUSE_TEXT / 2;
  return `${text.slice(0, half)}[TRUNCATE]${text.slice(-half)}`;
}
