import { BusError, BusErrorCode } from "./bus-error.js";
import { assertSubject } from "./subjects.js";

const DOT = 46;
const STAR = 42;
const GT = 62;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const NON_ASCII = 128;

/**
 * {@link assertSubject} for a subject without wildcards (a publish), fast: one pass over the
 * characters, no allocation, for the valid subjects of the hot path; anything unusual (non-ASCII,
 * which may hold Unicode whitespace) or invalid is handed to `assertSubject`, which decides and
 * throws `INVALID_SUBJECT` with its reason. A property test checks the two agree.
 */
export function assertPublishSubject(subject: string): void {
  const length = subject.length;
  let tokenStart = true;
  let plain = length > 0;
  for (let i = 0; i < length && plain; i++) {
    const code = subject.charCodeAt(i);
    if (code === DOT) {
      if (tokenStart) plain = false;
      tokenStart = true;
    } else {
      tokenStart = false;
      if (code === STAR || code === GT || code === SPACE || code >= NON_ASCII) plain = false;
      else if (code >= TAB && code <= CR) plain = false;
    }
  }
  if (!plain || tokenStart) assertSubject(subject);
}

/** A queue group name: like a subject token, non-empty and without whitespace (NATS's rule). */
export function assertQueueName(queue: string): void {
  if (queue.length === 0 || /\s/.test(queue)) {
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid queue group "${queue}": it must be non-empty without whitespace.`,
    );
  }
}
