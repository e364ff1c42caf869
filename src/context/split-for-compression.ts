import { Msg, type ContentBlock, type ToolSchema } from "../message/index.js";

/** Counts the tokens of messages and tools (the model's `countTokens`). */
export type TokenCounter = (
  messages: readonly Msg[],
  tools: readonly ToolSchema[],
) => Promise<number>;

/** Which messages a compression summarises and which it keeps as they are. */
export interface ContextSplit {
  readonly toCompress: Msg[];
  readonly reserve: Msg[];
}

/**
 * Splits the context for compression (spec §8.3): the newest messages that fit `budget`
 * (counted with `base` — the system prompt and the summary — and the tools) are reserved, the
 * older ones compressed. The message at the boundary is split by blocks, newest first, and a tool
 * call and its result are never separated: a result whose call would be compressed goes with it.
 * Split messages keep their id on both sides.
 *
 * Pinned: system 60 tokens, messages of 30/10/10 tokens, budget 80 → compress the first,
 * reserve the other two.
 */
export async function splitForCompression(
  base: readonly Msg[],
  context: readonly Msg[],
  budget: number,
  tools: readonly ToolSchema[],
  count: TokenCounter,
): Promise<ContextSplit> {
  let i = context.length - 1;
  for (; i >= 0; i--) {
    if ((await count([...base, ...context.slice(i)], tools)) >= budget) break;
  }
  if (i < 0) return { toCompress: [], reserve: [...context] };
  const boundary = context[i] as Msg;
  const toCompress = context.slice(0, i);
  const reserve = context.slice(i + 1);
  const blocks = boundary.content;
  let j = blocks.length - 1;
  for (; j >= 0; j--) {
    const tail = withBlocks(boundary, blocks.slice(j));
    if ((await count([...base, tail, ...reserve], tools)) > budget) break;
  }
  j = keepPairs(blocks, j);
  if (j >= 0) toCompress.push(withBlocks(boundary, blocks.slice(0, j + 1)));
  if (j + 1 < blocks.length) reserve.unshift(withBlocks(boundary, blocks.slice(j + 1)));
  return { toCompress, reserve };
}

/**
 * Moves the cut `j` (blocks `0..j` are compressed) until no tool result in the reserved blocks
 * lacks its call there too; such orphans move to the compressed side.
 */
function keepPairs(blocks: readonly ContentBlock[], cut: number): number {
  let j = cut;
  for (;;) {
    const calls = new Set<string>();
    for (let k = j + 1; k < blocks.length; k++) {
      const block = blocks[k] as ContentBlock;
      if (block.type === "tool_call") calls.add(block.id);
    }
    let orphan = -1;
    for (let k = j + 1; k < blocks.length; k++) {
      const block = blocks[k] as ContentBlock;
      if (block.type === "tool_result" && !calls.has(block.id)) orphan = k;
    }
    if (orphan < 0) return j;
    j = orphan;
  }
}

/** A copy of `msg` with only `blocks` (same id, name, role and times). */
export function withBlocks(msg: Msg, blocks: readonly ContentBlock[]): Msg {
  return Msg.fromJSON({ ...msg.toJSON(), content: blocks });
}
