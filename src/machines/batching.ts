import type { ToolCallBlock } from "../message/index.js";

/** A run of tool calls executed together (`concurrent`) or one by one (`sequential`). */
export interface ToolBatch {
  readonly kind: "concurrent" | "sequential";
  readonly calls: readonly ToolCallBlock[];
}

/**
 * Groups calls into batches (spec §3.7): unknown tools and concurrency-safe tools run
 * concurrently, others sequentially; consecutive calls of the same kind share a batch
 * (seq, conc, conc → [seq], [conc, conc]).
 */
export function batchToolCalls(
  calls: readonly ToolCallBlock[],
  tools: { isConcurrencySafe(name: string): boolean },
): ToolBatch[] {
  const batches: { kind: ToolBatch["kind"]; calls: ToolCallBlock[] }[] = [];
  for (const call of calls) {
    const kind = tools.isConcurrencySafe(call.name) ? "concurrent" : "sequential";
    const current = batches.at(-1);
    if (current?.kind === kind) current.calls.push(call);
    else batches.push({ kind, calls: [call] });
  }
  return batches;
}
