import type { ToolCallBlock } from "../../../message/index.js";
import { TOOL_INTERRUPTED_REMINDER } from "../../../tools/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { finishWithText } from "./result-events.js";

/**
 * Closes the calls an interrupted reply leaves open (spec §3.8): every tool call of the last
 * message (when it is this agent's) without a result gets `TOOL_RESULT_START` — unless it is
 * `allowed` or `submitted`, whose START the reference counts as sent — then a text delta with the
 * interruption reminder, the call `finished`, an `interrupted` result saved with the reminder as
 * a plain string, and `TOOL_RESULT_END(interrupted)`.
 *
 * Synchronous: it runs inside a statechart transition, before `REPLY_END(interrupted)`.
 */
export function closeUnfinishedToolCalls(deps: LoopDeps): void {
  const state = deps.state;
  const last = state.lastOwnMessage(deps.name);
  if (last === undefined) return;
  const answered = new Set<string>();
  for (const block of last.content) if (block.type === "tool_result") answered.add(block.id);
  const open: ToolCallBlock[] = [];
  for (const block of last.content) {
    if (block.type === "tool_call" && !answered.has(block.id)) open.push(block);
  }
  const replyId = state.replyId;
  for (const call of open) {
    const started = call.state === "allowed" || call.state === "submitted";
    finishWithText(deps, replyId, call, TOOL_INTERRUPTED_REMINDER, "interrupted", !started);
  }
}
