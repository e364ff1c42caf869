/**
 * The ids of the calls a worker has taken, newest last, bounded: a call id seen again (a caller's
 * duplicate, a replayed message) is refused, so no call runs twice. Old ids are forgotten once
 * `capacity` newer ones came; callers mint a fresh UUID per call, so only replays reach it.
 */
export class RecentCalls {
  readonly #capacity: number;
  readonly #ids = new Set<string>();

  constructor(capacity = 100_000) {
    this.#capacity = capacity;
  }

  /** Records `id`; false if it was already there. */
  add(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.#capacity) {
      const oldest = this.#ids.values().next();
      if (oldest.done !== true) this.#ids.delete(oldest.value);
    }
    return true;
  }
}
