import { z } from "zod";
import { AbortedError } from "./aborted-error.js";
import { ActorscopeError } from "./actorscope-error.js";
import { ErrorCode } from "./error-code.js";
import { TimeoutError } from "./timeout-error.js";
import { ValidationError, type ValidationIssue } from "./validation-error.js";

/** What crosses the bus for an error: never a stack, never a cause. */
export const WireErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type WireError = z.output<typeof WireErrorSchema>;

/** Turns anything thrown into its wire form. Foreign errors become `INTERNAL`. */
export function toWireError(error: unknown): WireError {
  if (error instanceof ActorscopeError) {
    return { code: error.code, message: error.message, data: { ...error.data } };
  }
  if (error instanceof Error) {
    return { code: ErrorCode.INTERNAL, message: error.message, data: { name: error.name } };
  }
  return { code: ErrorCode.INTERNAL, message: String(error), data: {} };
}

const IssueListSchema = z.array(z.object({ path: z.string(), message: z.string() }));

/**
 * The one factory that rebuilds an error from its wire form, on the receiving side. Known codes
 * come back as their own class (a `TIMEOUT` as a {@link TimeoutError}); other codes as an
 * {@link ActorscopeError} with the same code, message and data. A wire error that is itself
 * malformed becomes `MALFORMED_WIRE_ERROR`, never a crash.
 */
export function errorFromWire(wire: unknown): ActorscopeError {
  const parsed = WireErrorSchema.safeParse(wire);
  if (!parsed.success) {
    return new ActorscopeError(
      ErrorCode.MALFORMED_WIRE_ERROR,
      `Received a malformed error: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      { data: { received: wire } },
    );
  }
  const { code, message, data } = parsed.data;
  switch (code) {
    case ErrorCode.VALIDATION_FAILED: {
      const issues = IssueListSchema.safeParse(data["issues"]);
      const what = typeof data["what"] === "string" ? data["what"] : "input";
      const list: ValidationIssue[] = issues.success ? issues.data : [];
      return new ValidationError(what, list, { message });
    }
    case ErrorCode.TIMEOUT: {
      const what = typeof data["what"] === "string" ? data["what"] : "remote operation";
      const ms = typeof data["timeoutMs"] === "number" ? data["timeoutMs"] : 0;
      return new TimeoutError(what, ms);
    }
    case ErrorCode.ABORTED: {
      const what = typeof data["what"] === "string" ? data["what"] : "remote operation";
      return new AbortedError(what);
    }
    default:
      return new ActorscopeError(code, message, { data });
  }
}
