import type { FootprintEntry } from "./contenders.js";
import { measureOne, type FootprintSample } from "./measure.js";

/** A measurement left out because it would have taken longer than the budget. */
export interface SkippedSample {
  id: string;
  name: string;
  count: number;
  /** Build time projected from the contender's previous count, in s. */
  projectedSeconds: number;
}

/** How the measurements are run. */
export interface ScheduleOptions {
  /** Counts, each contender measured at every one in ascending order. */
  counts: readonly number[];
  /** A measurement whose projected build time is over this many s is skipped. */
  budgetSeconds: number;
  /** Worker processes at once (memory is per process, so only the wall time changes). */
  parallel: number;
  log: (line: string) => void;
}

/**
 * Runs each contender's counts in ascending order (its chain), up to `parallel` chains at once.
 * A count whose build time, projected linearly from the contender's previous count, exceeds the
 * budget is skipped with the rest of its chain, so the run stays bounded however slow an
 * instance is to build; the first count is always measured.
 */
export async function runSchedule(
  entries: readonly FootprintEntry[],
  options: ScheduleOptions,
): Promise<{ samples: FootprintSample[]; skipped: SkippedSample[] }> {
  const counts = [...options.counts].sort((a, b) => a - b);
  const samples: FootprintSample[] = [];
  const skipped: SkippedSample[] = [];
  const chain = async (entry: FootprintEntry): Promise<void> => {
    let previous: FootprintSample | null = null;
    for (const count of counts) {
      const projectedSeconds =
        previous === null ? 0 : (previous.buildMs * count) / previous.count / 1000;
      if (projectedSeconds > options.budgetSeconds) {
        skipped.push({ id: entry.id, name: entry.name, count, projectedSeconds });
        options.log(
          `  ${entry.name} × ${count.toLocaleString("en-US")}: skipped ` +
            `(projected ${projectedSeconds.toFixed(0)} s > budget ${options.budgetSeconds} s)`,
        );
        continue;
      }
      // A first count has no projection: it may take up to the budget.
      previous = await measureOne(entry, count, Math.max(projectedSeconds, options.budgetSeconds));
      samples.push(previous);
      options.log(
        `  ${entry.name} × ${count.toLocaleString("en-US")}: ` +
          `${(previous.bytesPerInstance / 1024).toFixed(2)} KB each ` +
          `(built in ${(previous.buildMs / 1000).toFixed(1)} s)`,
      );
    }
  };
  const queue = [...entries];
  const lane = async (): Promise<void> => {
    for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) await chain(entry);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  return { samples, skipped };
}
