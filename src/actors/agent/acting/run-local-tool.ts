import { createEvent, type ToolCallBlock } from "../../../message/index.js";
import {
  DeveloperOrientedError,
  TOOL_INTERRUPTED_REMINDER,
  ToolResponse,
} from "../../../tools/index.js";
import type { LoopDeps, PreparedCall } from "../loop-deps.js";
import { ActingErrorCode } from "./acting-error-code.js";
import { emitOutputDeltas, finishWithText } from "./result-events.js";

/**
 * Runs an allowed local call through the `onActing` chain (spec §3.7 step 5, after its
 * `TOOL_RESULT_START`): each intermediate chunk streams as deltas; the final `ToolResponse`
 * becomes the call's result — truncated (§8.4), saved to the reply message, the call `finished`,
 * then `TOOL_RESULT_END(state, metadata)` with the untruncated response's state and metadata.
 *
 * `signal` reaches the tool: an abort ends the call with the toolkit's `interrupted` chunk.
 */
export async function runLocalTool(
  deps: LoopDeps,
  replyId: string,
  call: ToolCallBlock,
  signal: AbortSignal,
  startedAt: string,
  prepared: PreparedCall,
): Promise<"finished" | "interrupted"> {
  let outcome: "finished" | "interrupted" | null = null;
  for await (const item of deps.acting(call, signal, prepared)) {
    if (!(item instanceof ToolResponse)) {
      emitOutputDeltas(deps, replyId, call.id, item.content);
      continue;
    }
    // Like the reference, the stream is read to its end (code a middleware runs after yielding
    // the response still runs), but a call gets one result only.
    if (outcome !== null) continue;
    const result = await deps.truncateResult({
      type: "tool_result",
      id: call.id,
      name: call.name,
      output: item.content,
      state: item.state,
      metadata: item.metadata,
      created_at: startedAt,
      finished_at: null,
    });
    const end = createEvent("TOOL_RESULT_END", {
      reply_id: replyId,
      tool_call_id: call.id,
      state: item.state,
      metadata: item.metadata,
    });
    result.finished_at ??= end.created_at;
    deps.state.appendContext(deps.name, [result]);
    call.state = "finished";
    deps.emit(end);
    outcome = item.state === "interrupted" ? "interrupted" : "finished";
  }
  if (outcome !== null) return outcome;
  if (signal.aborted) {
    // A middleware stopped early on the abort: close the call as the toolkit would have.
    finishWithText(deps, replyId, call, TOOL_INTERRUPTED_REMINDER, "interrupted", false);
    return "interrupted";
  }
  throw new DeveloperOrientedError(
    ActingErrorCode.NO_TOOL_RESPONSE,
    `The acting of tool call '${call.id}' (tool '${call.name}') ended without a ToolResponse. ` +
      "Every onActing middleware must pass on the ToolResponse its next() yields last.",
    { data: { toolCallId: call.id, tool: call.name } },
  );
}
