/** Stable codes of the errors the acting step raises (branch on these, never on messages). */
export const ActingErrorCode = {
  /** The `onActing` chain ended without yielding the call's `ToolResponse` (developer-oriented). */
  NO_TOOL_RESPONSE: "NO_TOOL_RESPONSE",
} as const;

export type ActingErrorCode = (typeof ActingErrorCode)[keyof typeof ActingErrorCode];
