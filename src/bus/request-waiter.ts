import {
  AbortedError,
  ValidationError,
  errorFromWire,
  parseOrThrow,
  TimeoutError,
  type WireError,
} from "../errors/index.js";
import type { RequestOptions } from "./bus.js";

/** The longest timer Node keeps (a longer delay fires at once): 2^31 − 1 ms, about 24.8 days. */
export const MAX_REQUEST_TIMEOUT_MS = 2_147_483_647;

/**
 * Checks a request's bound, the one rule of both transports: a finite number of milliseconds
 * above 0 (a request that cannot wait is a bug) and at most {@link MAX_REQUEST_TIMEOUT_MS}
 * (setTimeout fires a longer delay at once). Throws `VALIDATION_FAILED` naming the subject.
 */
export function assertRequestTimeout(timeoutMs: unknown, subject: string): void {
  if (
    typeof timeoutMs !== "number" ||
    !Number.isFinite(timeoutMs) ||
    timeoutMs <= 0 ||
    timeoutMs > MAX_REQUEST_TIMEOUT_MS
  ) {
    throw new ValidationError(`request options for "${subject}"`, [
      {
        path: "timeoutMs",
        message: `Expected a number of milliseconds above 0 and at most ${MAX_REQUEST_TIMEOUT_MS}, got ${String(timeoutMs)}`,
      },
    ]);
  }
}

/** What a reply carries, whatever the transport: data, or an error instead. */
export interface ReplyContent {
  readonly data: unknown;
  readonly error?: WireError | undefined;
}

/**
 * The bookkeeping of one `Bus.request`, independent of the transport: the bounded wait, the
 * abort signal, the reply's schema, and settling exactly once. The transport sends the request
 * and feeds {@link reply} or {@link fail}; `release` (the transport's cleanup: unsubscribe the
 * inbox, forget the request) runs exactly once, whichever way the wait ends. When the options are
 * refused or the signal has already fired, the waiter is settled when constructed and `release`
 * never runs: check {@link isSettled} before setting anything up.
 *
 * @example
 * const waiter = new RequestWaiter(subject, options, () => inboxSub.unsubscribe());
 * inboxSub = listen(inbox, (m) => waiter.reply(m));
 * return waiter.promise;
 */
export class RequestWaiter<T = unknown> {
  /** Settles with the first reply's data or with the error that ended the wait. */
  readonly promise: Promise<T>;
  private resolveFn!: (value: T) => void;
  private rejectFn!: (error: unknown) => void;
  private done = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly what: string;
  private release: (() => void) | undefined;
  private readonly onAbort = (): void => {
    this.fail(new AbortedError(this.what, { cause: this.options.signal?.reason }));
  };

  constructor(
    /** The subject the request went to (named in errors). */
    readonly subject: string,
    private readonly options: RequestOptions<T>,
    release: () => void,
  ) {
    this.what = `bus request ${subject}`;
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolveFn = resolve;
      this.rejectFn = reject;
    });
    const { timeoutMs, signal } = options;
    try {
      assertRequestTimeout(timeoutMs, subject);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (signal?.aborted === true) {
      this.onAbort();
      return;
    }
    signal?.addEventListener("abort", this.onAbort, { once: true });
    this.timer = setTimeout(() => {
      this.fail(new TimeoutError(this.what, timeoutMs));
    }, timeoutMs);
    this.release = release;
  }

  /** True once the wait has ended. */
  get isSettled(): boolean {
    return this.done;
  }

  /** Settles with a reply: the responder's error, or its data checked against the schema. */
  reply(message: ReplyContent): void {
    if (this.done) return;
    if (message.error !== undefined) {
      this.fail(errorFromWire(message.error));
      return;
    }
    const { schema } = this.options;
    if (schema === undefined) {
      this.finish();
      this.resolveFn(message.data as T);
      return;
    }
    let data: T;
    try {
      data = parseOrThrow(schema, message.data, `reply from ${this.subject}`);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.finish();
    this.resolveFn(data);
  }

  /** Ends the wait with `error` (no responders, bus closed, …); ignored once settled. */
  fail(error: unknown): void {
    if (this.done) return;
    this.finish();
    this.rejectFn(error);
  }

  private finish(): void {
    this.done = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}
