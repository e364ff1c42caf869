import { ValidationError } from "../errors/index.js";
import { BusError, BusErrorCode } from "./bus-error.js";

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

/** A queue group name: NATS takes any non-empty name without whitespace. */
export function assertQueueName(queue: string): void {
  if (queue.length === 0 || /\s/.test(queue)) {
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid queue group "${queue}": it must be non-empty without whitespace.`,
    );
  }
}
