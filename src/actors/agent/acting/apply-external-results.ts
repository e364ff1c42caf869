import {
  createEvent,
  type ExternalExecutionResultEvent,
  type ToolCallBlock,
} from "../../../message/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { emitOutputDeltas } from "./result-events.js";

/**
 * Applies the results of externally executed calls (spec §3.7 "Resuming"), for each result block:
 * its output as deltas (a string is one text delta), the block saved as given (its `finished_at`
 * too, null or not, as the reference saves it), its call `finished`, then
 * `TOOL_RESULT_END(state, metadata)` (with its own time). No `TOOL_RESULT_START`: it went out at submission.
 *
 * Synchronous: it runs inside a statechart transition. The agent has checked that the results
 * answer submitted calls.
 */
export function applyExternalResults(deps: LoopDeps, event: ExternalExecutionResultEvent): void {
  const results = event.execution_results;
  if (results.length === 0) return;
  const state = deps.state;
  const replyId = state.replyId;
  const calls = new Map<string, ToolCallBlock>();
  const last = state.lastOwnMessage(deps.name);
  if (last !== undefined) {
    for (const block of last.content) if (block.type === "tool_call") calls.set(block.id, block);
  }
  for (const result of results) {
    if (typeof result.output === "string") {
      deps.emit(
        createEvent("TOOL_RESULT_TEXT_DELTA", {
          reply_id: replyId,
          tool_call_id: result.id,
          delta: result.output,
        }),
      );
    } else {
      emitOutputDeltas(deps, replyId, result.id, result.output);
    }
    const end = createEvent("TOOL_RESULT_END", {
      reply_id: replyId,
      tool_call_id: result.id,
      state: result.state,
      metadata: result.metadata,
    });
    state.appendContext(deps.name, [result]);
    const call = calls.get(result.id);
    if (call !== undefined) call.state = "finished";
    deps.emit(end);
  }
}
