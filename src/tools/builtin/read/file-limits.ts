import { ValidationError } from "../../../errors/index.js";

/*
 * The byte budgets of the file tools: what one call reads at most, so a model naming a huge file
 * can pin neither the process's memory nor its fs threads. Each is an option of its tool.
 */

/** The most bytes a text Read scans: for its lines, and for the read cache's digest (64 MiB). */
export const DEFAULT_MAX_TEXT_BYTES = 64 * 1024 * 1024;
/** The largest image Read returns (20 MiB, the upper limit of the major model APIs). */
export const DEFAULT_MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** The largest PDF Read parses or hands over (32 MiB, the major model APIs' document limit). */
export const DEFAULT_MAX_PDF_BYTES = 32 * 1024 * 1024;
/**
 * The largest existing file Edit edits and Write diffs against (16 MiB): both hold it in memory
 * several times over (text, replacement, diff).
 */
export const DEFAULT_MAX_EDIT_BYTES = 16 * 1024 * 1024;

/**
 * `value` as a byte budget (`fallback` when not given); anything but a positive integer is a
 * `ValidationError` naming the option.
 */
export function byteBudget(
  value: number | undefined,
  fallback: number,
  option: string,
  what: string,
): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ValidationError(what, [
      { path: option, message: `Expected a positive whole number of bytes, got ${String(value)}` },
    ]);
  }
  return value;
}
