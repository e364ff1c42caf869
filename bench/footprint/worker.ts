/**
 * One (contender, count) measurement in its own process:
 * `node --expose-gc … bench/footprint/worker.ts <id> <count>`, run by `measure.ts`, which reads
 * the one reply over IPC.
 */
import { performance } from "node:perf_hooks";
import { buildInto } from "./build.js";
import { footprintContenderById } from "./contenders.js";
import { settledMemory } from "./heap.js";
import type { FootprintReply } from "./protocol.js";

/** Instances built and dropped first, so module-level caches and compiled code are not counted. */
const WARMUP = 200;

async function main(): Promise<FootprintReply> {
  const [id, countText] = process.argv.slice(2);
  const count = Number(countText);
  if (id === undefined || !Number.isInteger(count) || count <= 0 || process.send === undefined) {
    throw new Error(
      "Run by bench/footprint/measure.ts: worker.ts <contender id> <count>, with IPC.",
    );
  }
  const contender = await footprintContenderById(id).load();
  await buildInto(contender, new Array<unknown>(WARMUP), 0, WARMUP);
  // The holder is allocated (and filled, so its elements kind stays) before the first reading:
  // its 8 bytes a slot are the benchmark's, not the instances'.
  const kept = new Array<unknown>(count).fill(null);
  const before = await settledMemory();
  const start = performance.now();
  await buildInto(contender, kept, 0, count);
  const buildMs = performance.now() - start;
  const after = await settledMemory();
  if (kept.some((instance) => instance === null)) throw new Error("An instance was not built.");
  return {
    kind: "measured",
    setup: contender.setup,
    count,
    heapBytes: after.heapUsed - before.heapUsed,
    externalBytes: after.external - before.external,
    buildMs,
  };
}

const send = (reply: FootprintReply): Promise<void> =>
  new Promise((resolve) => {
    process.send?.(reply, () => {
      resolve();
    });
  });

// The runner gone (finished, failed or stopped): nothing to report to.
process.on("disconnect", () => process.exit(1));

main()
  .then(send, (error: unknown) =>
    send({ kind: "error", message: error instanceof Error ? error.message : String(error) }),
  )
  .finally(() => process.exit());
