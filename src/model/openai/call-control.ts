import type { Deadline } from "./openai-error-map.js";

/**
 * The cancellation of one provider call: the caller's signal and two deadlines abort one
 * controller (handed to the SDK), and afterwards say which it was. The idle deadline bounds
 * silence (before the answer, and between stream chunks: `touch()` restarts it); the total
 * deadline bounds the whole call, so a stream that keeps sending keep-alive chunks and never
 * finishes still ends.
 */
export class CallControl {
  readonly #controller = new AbortController();
  readonly #userSignal: AbortSignal | undefined;
  readonly #idle: ReturnType<typeof setTimeout>;
  readonly #total: ReturnType<typeof setTimeout>;
  #deadline: Deadline | null = null;

  constructor(userSignal: AbortSignal | undefined, idleMs: number, totalMs: number) {
    this.#userSignal = userSignal;
    userSignal?.addEventListener("abort", this.#onUserAbort, { once: true });
    this.#idle = this.#timer("idle", idleMs, `no answer within ${idleMs} ms`);
    this.#total = this.#timer("total", totalMs, `not finished within ${totalMs} ms`);
  }

  /** The signal for the SDK request. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The caller aborted (takes precedence over a timeout). */
  get userAborted(): boolean {
    return this.#userSignal?.aborted === true;
  }

  /** The deadline that passed first, unless the caller aborted. */
  get deadline(): Deadline | null {
    return this.userAborted ? null : this.#deadline;
  }

  /** Restarts the idle deadline (a chunk arrived). */
  touch(): void {
    this.#idle.refresh();
  }

  /** Stops the request (a consumer that stopped reading, a failure). */
  abort(): void {
    this.#controller.abort();
  }

  /** Releases the timers and the listener. */
  dispose(): void {
    clearTimeout(this.#idle);
    clearTimeout(this.#total);
    this.#userSignal?.removeEventListener("abort", this.#onUserAbort);
  }

  #timer(deadline: Deadline, ms: number, reason: string): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.#deadline ??= deadline;
      this.#controller.abort(new Error(reason));
    }, ms);
    timer.unref();
    return timer;
  }

  readonly #onUserAbort = (): void => {
    this.#controller.abort(this.#userSignal?.reason);
  };
}
