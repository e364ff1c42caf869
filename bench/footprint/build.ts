import type { FootprintContender } from "./scenario.js";

/** Instances built at once: async ones (a reply) overlap, without a million pending promises. */
const BATCH = 500;

/** Builds instances `from`…`to - 1` into `into`, `BATCH` at a time. */
export async function buildInto(
  contender: FootprintContender,
  into: unknown[],
  from: number,
  to: number,
): Promise<void> {
  const pending: unknown[] = [];
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    pending.length = 0;
    for (let i = start; i < end; i += 1) pending.push(contender.make(i));
    const built = await Promise.all(pending);
    for (let i = start; i < end; i += 1) into[i] = built[i - start];
  }
}
