import type { Msg, ToolCallBlock } from "../message/index.js";

/** Up to this many (calls × blocks) comparisons, results are looked up by scanning, not hashed. */
const SCAN_LIMIT = 256;

/**
 * The calls (blocks of `msg`, in their order) that have no `tool_result` in `msg`. The loop
 * asks this every step about a message holding a handful of blocks: then it scans instead of
 * building a set of result ids; a message with many calls and results is looked up by id.
 */
export function withoutResults(msg: Msg, calls: ToolCallBlock[]): ToolCallBlock[] {
  if (calls.length === 0) return calls;
  const content = msg.content;
  if (calls.length * content.length > SCAN_LIMIT) {
    const answered = new Set<string>();
    for (const block of content) if (block.type === "tool_result") answered.add(block.id);
    return calls.filter((call) => !answered.has(call.id));
  }
  const out: ToolCallBlock[] = [];
  for (const call of calls) if (!hasResult(content, call.id)) out.push(call);
  return out.length === calls.length ? calls : out;
}

function hasResult(content: Msg["content"], id: string): boolean {
  for (const block of content) if (block.type === "tool_result" && block.id === id) return true;
  return false;
}

/** The tool calls of a message, in order (no filter callback, no copy of the whole content). */
export function toolCallsOf(msg: Msg): ToolCallBlock[] {
  const calls: ToolCallBlock[] = [];
  for (const block of msg.content) if (block.type === "tool_call") calls.push(block);
  return calls;
}
