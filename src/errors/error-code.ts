/**
 * Stable error codes. Callers branch on these, never on messages. Codes are SCREAMING_SNAKE
 * strings so they survive the wire unchanged; later layers add their own codes as string
 * literals of the same form.
 */
export const ErrorCode = {
  /** Data failed its schema (a Msg, an event, a bus payload, a config object). */
  VALIDATION_FAILED: "VALIDATION_FAILED",
  /** A wait ran past its deadline. */
  TIMEOUT: "TIMEOUT",
  /** The work was cancelled through its AbortSignal. */
  ABORTED: "ABORTED",
  /** A wire error arrived that could not itself be read. */
  MALFORMED_WIRE_ERROR: "MALFORMED_WIRE_ERROR",
  /** An unexpected failure: a bug, or a foreign error without a code. */
  INTERNAL: "INTERNAL",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
