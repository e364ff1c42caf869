import type { z } from "zod";
import { ActorscopeError } from "./actorscope-error.js";
import { ErrorCode } from "./error-code.js";

/** One failed check: where (a dotted field path, "" for the root) and what. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Data failed validation. `issues` name each bad field by its dotted path
 * (`content.0.text`), and the message quotes the first ones, so a log line says what to fix.
 */
export class ValidationError extends ActorscopeError {
  readonly what: string;
  readonly issues: readonly ValidationIssue[];

  constructor(
    what: string,
    issues: readonly ValidationIssue[],
    options: { cause?: unknown; message?: string } = {},
  ) {
    super(ErrorCode.VALIDATION_FAILED, options.message ?? describe(what, issues), {
      cause: options.cause,
      data: { what, issues },
    });
    this.what = what;
    this.issues = issues;
  }

  /** Builds the error from a zod failure; `what` names the thing parsed ("Msg", "event"). */
  static fromZod(what: string, error: z.ZodError): ValidationError {
    return new ValidationError(
      what,
      error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      })),
      { cause: error },
    );
  }
}

function describe(what: string, issues: readonly ValidationIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((i) => (i.path === "" ? i.message : `\`${i.path}\`: ${i.message}`))
    .join("; ");
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `Invalid ${what}: ${shown}${more}`;
}

/**
 * Parses `value` with `schema`; on failure throws a {@link ValidationError} naming the fields.
 * The one way boundary code turns unknown input into typed data. Input that throws while it is
 * read (a getter, a proxy) is a `ValidationError` too, with what it threw as the cause.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(value);
  } catch (error) {
    const message = `Could not be read: ${error instanceof Error ? error.message : String(error)}`;
    throw new ValidationError(what, [{ path: "", message }], { cause: error });
  }
  if (!result.success) throw ValidationError.fromZod(what, result.error);
  return result.data;
}
