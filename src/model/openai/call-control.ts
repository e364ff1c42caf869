/**
 * The cancellation of one provider call: the caller's signal and a deadline both abort one
 * controller (handed to the SDK), and afterwards say which of the two it was. For streams the
 * deadline is an idle timeout, restarted by `touch()` on every chunk.
 */
export class CallControl {
  readonly #controller = new AbortController();
  readonly #userSignal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  #timedOut = false;

  constructor(userSignal: AbortSignal | undefined, timeoutMs: number) {
    this.#userSignal = userSignal;
    userSignal?.addEventListener("abort", this.#onUserAbort, { once: true });
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    this.#timer.unref();
  }

  /** The signal for the SDK request. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The caller aborted (takes precedence over a timeout). */
  get userAborted(): boolean {
    return this.#userSignal?.aborted === true;
  }

  /** The deadline passed first. */
  get timedOut(): boolean {
    return this.#timedOut && !this.userAborted;
  }

  /** Restarts the deadline (a chunk arrived). */
  touch(): void {
    this.#timer.refresh();
  }

  /** Stops the request (a consumer that stopped reading, a failure). */
  abort(): void {
    this.#controller.abort();
  }

  /** Releases the timer and the listener. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#userSignal?.removeEventListener("abort", this.#onUserAbort);
  }

  readonly #onUserAbort = (): void => {
    this.#controller.abort(this.#userSignal?.reason);
  };
}
