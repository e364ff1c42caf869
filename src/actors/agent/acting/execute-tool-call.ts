import { createEvent, type PermissionRule, type ToolCallBlock } from "../../../message/index.js";
import type { ToolInput } from "../../../permission/index.js";
import { AgentOrientedError, type ToolBase } from "../../../tools/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { askForConfirmation } from "./ask-for-confirmation.js";
import { finishWithText, snapshotCall } from "./result-events.js";
import { runLocalTool } from "./run-local-tool.js";

/**
 * How one call left the pipeline:
 * - `finished`: it has its result (success, error or denied);
 * - `interrupted`: its result is `interrupted` (the batch stops, the reply ends interrupted);
 * - `asking` / `submitted`: it waits for the user or the outside world (`REQUIRE_*` went out);
 * - `deferred`: a sibling in its concurrent batch asks for a rule covering it; still `pending`;
 * - `aborted`: the signal fired before it emitted anything; it is closed with the reply.
 */
export type CallOutcome =
  "finished" | "interrupted" | "asking" | "submitted" | "deferred" | "aborted";

/**
 * The per-call pipeline of spec §3.7, acting on the live call block of the reply message:
 * 1. the tool is available and the input parses and validates — else an `error` result with the
 *    agent-oriented message, and no permission check;
 * 2. the permission decision (the hook chain gets deep copies of the call and the input);
 * 3. ASK / PASSTHROUGH → `asking` and `REQUIRE_USER_CONFIRM` (see {@link askForConfirmation});
 * 4. DENY → a `denied` result with the decision's message;
 * 5. ALLOW → `allowed`, `TOOL_RESULT_START`, then an external tool is `submitted` with
 *    `REQUIRE_EXTERNAL_EXECUTION`, a local one runs (see {@link runLocalTool}).
 *
 * `keptRules` is the suggestion list shared by a concurrent batch; `null` in a sequential one.
 * An abort of `signal` before the call emitted anything leaves it untouched (`aborted`).
 * Errors other than agent-oriented ones (a hook or a tool's developer error) are thrown.
 */
export async function executeToolCall(
  deps: LoopDeps,
  call: ToolCallBlock,
  signal: AbortSignal,
  keptRules: PermissionRule[] | null,
): Promise<CallOutcome> {
  const state = deps.state;
  const replyId = state.replyId;
  let tool: ToolBase;
  let input: ToolInput;
  try {
    ({ tool, input } = await deps.toolkit.prepareToolCall(
      call,
      state.tool_context.activated_groups,
    ));
  } catch (error) {
    if (!(error instanceof AgentOrientedError)) throw error;
    finishWithText(deps, replyId, call, error.message, "error", true);
    return "finished";
  }
  if (signal.aborted) return "aborted";

  const decision = await deps.checkPermission({
    toolCall: structuredClone(call),
    tool,
    toolInput: structuredClone(input),
  });
  if (signal.aborted) return "aborted";

  switch (decision.behavior) {
    case "ask":
    case "passthrough":
      return askForConfirmation(deps, replyId, call, tool, input, decision, keptRules);
    case "deny":
      finishWithText(deps, replyId, call, decision.message, "denied", true);
      return "finished";
    case "allow":
      break;
  }

  call.state = "allowed";
  const start = createEvent("TOOL_RESULT_START", {
    reply_id: replyId,
    tool_call_id: call.id,
    tool_call_name: call.name,
  });
  deps.emit(start);
  if (tool.isExternalTool) {
    call.state = "submitted";
    deps.emit(
      createEvent("REQUIRE_EXTERNAL_EXECUTION", {
        reply_id: replyId,
        tool_calls: [snapshotCall(call)],
      }),
    );
    return "submitted";
  }
  return runLocalTool(deps, replyId, call, signal, start.created_at, { tool, input });
}
