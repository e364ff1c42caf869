/** Stable codes of the errors the acting step raises (branch on these, never on messages). */
export const ActingErrorCode = {
  /**
   * One call's pipeline failed (its input could not be prepared, its permission check, the tool,
   * an `onActing` middleware or the saving of its result threw): the call got an `error` result
   * with the {@link ToolCallError}'s text, and the reply went on.
   */
  TOOL_CALL_FAILED: "TOOL_CALL_FAILED",
  /** The `onActing` chain ended without yielding the call's `ToolResponse` (developer-oriented). */
  NO_TOOL_RESPONSE: "NO_TOOL_RESPONSE",
  /** The `onActing` chain yielded something that is neither a `ToolChunk` nor a `ToolResponse`. */
  INVALID_ACTING_ITEM: "INVALID_ACTING_ITEM",
  /**
   * Emitting an event of the acting step threw: not a failure of one call, so the reply fails
   * with this error (the cause is the emitter's).
   */
  EMIT_FAILED: "ACTING_EMIT_FAILED",
} as const;

export type ActingErrorCode = (typeof ActingErrorCode)[keyof typeof ActingErrorCode];
