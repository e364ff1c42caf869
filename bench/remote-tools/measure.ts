import { performance } from "node:perf_hooks";

/** One way of making a call, measured. */
export type CallFn = () => Promise<void>;

/** Latency percentiles (µs) of `count` calls made one after another. */
export async function latency(call: CallFn, count: number): Promise<{ p50: number; p99: number }> {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    samples[i] = (performance.now() - started) * 1000;
  }
  samples.sort();
  const at = (q: number) => samples[Math.min(count - 1, Math.floor(q * count))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/** Calls per second with `inFlight` calls kept running for `ms`. */
export async function throughput(call: CallFn, inFlight: number, ms: number): Promise<number> {
  let done = 0;
  const end = performance.now() + ms;
  const lane = async (): Promise<void> => {
    while (performance.now() < end) {
      await call();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  return done / ((performance.now() - started) / 1000);
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
