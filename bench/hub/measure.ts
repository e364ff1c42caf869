import { performance } from "node:perf_hooks";

/** One timed stretch: how many observe deliveries it made, in how much wall and CPU time. */
export interface Sample {
  deliveries: number;
  /** Wall-clock ms. */
  ms: number;
  /** CPU ms of the process (all threads: the GC's helpers count). */
  cpuMs: number;
}

/** Times `run`, which makes `deliveries` observe deliveries. */
export async function timed(deliveries: number, run: () => Promise<void>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { deliveries, ms, cpuMs: (used.user + used.system) / 1_000 };
}

/** Deliveries per wall-clock second. */
export function perSec(sample: Sample): number {
  return (sample.deliveries * 1_000) / sample.ms;
}

/**
 * The fastest sample: on a shared machine a stretch is only ever slowed down (by other
 * processes, a GC of what the previous one left), so the fastest is the least disturbed.
 */
export function best(samples: readonly Sample[]): Sample {
  let top = samples[0];
  if (top === undefined) throw new Error("no samples");
  for (const sample of samples) if (perSec(sample) > perSec(top)) top = sample;
  return top;
}

/** Lets the event loop turn once (timers, I/O), between timed stretches. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
