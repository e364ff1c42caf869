import { AbortedError, TimeoutError } from "../../errors/index.js";

interface Waiter {
  /**
   * Whether it takes the observe calls of the post's delivery (and so answers for their
   * failures, as `broadcast` does by rejecting); one that does not is given none.
   */
  readonly takesObserved: boolean;
  /** Called with the observe calls of the post's delivery here. */
  readonly delivered: (observed: readonly Promise<void>[]) => void;
  readonly fail: (error: unknown) => void;
}

/**
 * The posts this member sent and has not delivered yet, and whoever waits for them: `broadcast`
 * (until its participants have observed it) and `flush` (until all were delivered). Every wait
 * is bounded and can be cancelled.
 */
export class PostWaiters {
  /** Ids of this member's posts on their way. */
  readonly #pending = new Set<string>();
  readonly #waiters = new Map<string, Waiter[]>();

  /** A post of this member's is on its way. */
  sent(id: string): void {
    this.#pending.add(id);
  }

  /**
   * A post arrives: `deliver` hands it to the participants — with a sink for their observe calls
   * when a waiter takes them (it then answers for their failures; without a sink the roster
   * logs them) — and then the waiters learn.
   */
  arrive(id: string, deliver: (sink?: Promise<void>[]) => void): void {
    const waiters = this.#pending.delete(id) ? this.#waiters.get(id) : undefined;
    if (waiters === undefined) {
      deliver();
      return;
    }
    this.#waiters.delete(id);
    const sink = waiters.some((waiter) => waiter.takesObserved) ? [] : undefined;
    deliver(sink);
    for (const waiter of waiters) waiter.delivered(waiter.takesObserved ? (sink ?? []) : []);
  }

  /** A post could not be sent: whoever waits for it learns why. */
  failed(id: string, error: unknown): void {
    this.#pending.delete(id);
    const waiters = this.#waiters.get(id);
    this.#waiters.delete(id);
    for (const waiter of waiters ?? []) waiter.fail(error);
  }

  /** The posts on their way now. */
  pending(): string[] {
    return [...this.#pending];
  }

  /**
   * Waits for one post's delivery here; resolves with its observe calls when `takesObserved`
   * (the caller must then handle their rejections), else with none (as when it was delivered
   * already). Rejects with `TIMEOUT` after `timeoutMs`, `ABORTED` on the signal.
   */
  waitFor(
    id: string,
    what: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    takesObserved: boolean,
  ): Promise<readonly Promise<void>[]> {
    if (!this.#pending.has(id)) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const end = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const list = this.#waiters.get(id);
        const at = list?.indexOf(waiter) ?? -1;
        if (at >= 0) list?.splice(at, 1);
      };
      const waiter: Waiter = {
        takesObserved,
        delivered: (observed) => {
          end();
          resolve(observed);
        },
        fail: (error) => {
          end();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      };
      const onAbort = (): void => {
        waiter.fail(new AbortedError(what, { cause: signal?.reason }));
      };
      const timer = setTimeout(() => {
        waiter.fail(new TimeoutError(what, timeoutMs));
      }, timeoutMs);
      const list = this.#waiters.get(id);
      if (list === undefined) this.#waiters.set(id, [waiter]);
      else list.push(waiter);
      if (signal?.aborted === true) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Every wait ends with `error` (the hub closed). */
  close(error: unknown): void {
    for (const id of [...this.#waiters.keys()]) this.failed(id, error);
    this.#pending.clear();
  }
}
