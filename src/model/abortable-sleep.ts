/**
 * How a model waits (simulated latency). Resolves after `ms`, or as soon as `signal` aborts —
 * never rejects; callers check `signal.aborted` afterwards. Injected in tests and simulations
 * that run on a simulated clock.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real-time {@link Sleep}: a timer, cleared on abort. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/**
 * Whether `signal` has fired. A function rather than `signal?.aborted` inline, because the
 * compiler keeps a narrowed `aborted` across awaits, where it may well have changed.
 */
export function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
