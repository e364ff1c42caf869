import { z } from "zod";

/** The kinds of failure a reply can report to its client. */
export const ErrorType = {
  AUTHENTICATION: "authentication",
  PERMISSION: "permission",
  RATE_LIMIT: "rate_limit",
  INVALID_REQUEST: "invalid_request",
  UPSTREAM: "upstream",
  CONNECTION: "connection",
  INTERNAL: "internal",
  SETUP: "setup",
  UNKNOWN: "unknown",
} as const;
export const ErrorTypeSchema = z.enum([
  "authentication",
  "permission",
  "rate_limit",
  "invalid_request",
  "upstream",
  "connection",
  "internal",
  "setup",
  "unknown",
]);
export type ErrorType = z.output<typeof ErrorTypeSchema>;

/** A failure as a reply reports it (set by the service layer, never by the core loop). */
export const ErrorInfoSchema = z.object({
  type: ErrorTypeSchema.default("unknown"),
  message: z.string(),
});
export type ErrorInfo = z.output<typeof ErrorInfoSchema>;
