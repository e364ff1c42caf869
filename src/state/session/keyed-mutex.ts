/**
 * One in-process lock per key: `run(key, fn)` runs `fn` after every earlier `fn` of the same key
 * has settled, so a read-compare-write on one file is never interleaved within this process.
 * Keys with nothing queued hold no memory.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    // The queue goes on whether the previous holder failed or not: its caller saw its error.
    const result = previous.then(fn, fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
