/**
 * A reply call waiting for its turn (another reply holds the agent). Its input was checked when it
 * was queued; what the agent's state says about it (parked calls, reply ids) is checked when its
 * turn comes. It settles exactly once: granted its claim (null: nothing to do), refused with the
 * error its turn gave, or cancelled by its caller (a stream stopped while it waits).
 */
export class QueuedReply<R, C> {
  /** Resolves with the claim when the turn comes (null: nothing to do); rejects if it is refused. */
  readonly turn: Promise<C | null>;
  #resolve!: (claim: C | null) => void;
  #reject!: (error: unknown) => void;
  /** Settled: granted, refused or cancelled. */
  #settled = false;
  #cancelled = false;
  #onCancel: ((granted: C | null) => void) | null;
  #granted: C | null = null;

  /**
   * @param request The checked input, claimed with at its turn.
   * @param streamed Whether the call streams its events.
   * @param onCancel Called once if the caller cancels: with the claim it was granted (it must be
   *   let go), or null while it still waits (it must leave the queue).
   */
  constructor(
    readonly request: R,
    readonly streamed: boolean,
    onCancel: (granted: C | null) => void,
  ) {
    this.#onCancel = onCancel;
    this.turn = new Promise<C | null>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** Whether the caller gave up on it. */
  get cancelled(): boolean {
    return this.#cancelled;
  }

  grant(claim: C | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#granted = claim;
    this.#resolve(claim);
  }

  refuse(error: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#reject(error);
  }

  /** The caller gives up: it leaves the queue, or lets go of the claim it was just granted. */
  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    const onCancel = this.#onCancel;
    this.#onCancel = null;
    const granted = this.#granted;
    if (!this.#settled) {
      this.#settled = true;
      this.#resolve(null);
    }
    onCancel?.(granted);
  }
}

/** A FIFO of waiting replies: O(1) at both ends, and a cancelled one can leave from anywhere. */
export class ReplyQueue<T> {
  #items: (T | undefined)[] = [];
  #head = 0;

  get isEmpty(): boolean {
    return this.#head >= this.#items.length;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.isEmpty) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head++] = undefined; // let it be collected
    if (this.isEmpty) {
      this.#items.length = 0;
      this.#head = 0;
    }
    return item;
  }

  /** Takes `item` out wherever it waits; false when it is not there. */
  remove(item: T): boolean {
    const index = this.#items.indexOf(item, this.#head);
    if (index < 0) return false;
    this.#items.splice(index, 1);
    if (this.isEmpty) {
      this.#items.length = 0;
      this.#head = 0;
    }
    return true;
  }

  /** Takes every waiting item out, in order. */
  drain(): T[] {
    const out = this.#items.slice(this.#head) as T[];
    this.#items = [];
    this.#head = 0;
    return out;
  }
}
