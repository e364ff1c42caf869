import { setImmediate as nextTurn } from "node:timers/promises";

/** `global.gc`, which `node --expose-gc` defines; the worker cannot measure without it. */
function gcFunction(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("The footprint worker needs node --expose-gc.");
  return gc;
}

/**
 * Heap figures after full collections: several, with a turn of the event loop between them, so
 * finalizers, weak references and promise jobs that only a collection frees are settled too.
 */
export async function settledMemory(): Promise<{ heapUsed: number; external: number }> {
  const gc = gcFunction();
  for (let i = 0; i < 6; i += 1) {
    gc();
    await nextTurn();
  }
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}
