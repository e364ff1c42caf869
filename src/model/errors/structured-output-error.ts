import type { ValidationIssue } from "../../errors/index.js";
import { ModelError } from "./model-error.js";
import { ModelErrorCode } from "./model-error-code.js";

/**
 * The model gave no valid structured output: no call of the structured-output tool, arguments
 * that are not JSON, or arguments that break the schema — even after the repair round.
 */
export class StructuredOutputError extends ModelError {
  /** What was wrong with the last attempt (dotted paths, "" for the root). */
  readonly issues: readonly ValidationIssue[];
  /** How many model calls were made (the first and the repair round). */
  readonly attempts: number;

  constructor(
    model: string,
    issues: readonly ValidationIssue[],
    attempts: number,
    options: { cause?: unknown } = {},
  ) {
    const shown = issues
      .slice(0, 3)
      .map((i) => (i.path === "" ? i.message : `\`${i.path}\`: ${i.message}`))
      .join("; ");
    super(
      ModelErrorCode.STRUCTURED_OUTPUT_INVALID,
      `Model "${model}" gave no valid structured output after ${attempts} attempts: ${shown}`,
      { model, cause: options.cause, data: { issues, attempts } },
    );
    this.issues = issues;
    this.attempts = attempts;
  }
}
