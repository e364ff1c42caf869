import { ValidationError } from "../errors/index.js";

/** A request's bound: a positive, finite number of ms (every wait is bounded). */
export function assertTimeout(timeoutMs: number, subject: string): void {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ValidationError(`request options for "${subject}"`, [
      {
        path: "timeoutMs",
        message: `Expected a positive, finite number of ms, got ${String(timeoutMs)}`,
      },
    ]);
  }
}
