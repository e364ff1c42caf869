import { createEvent, type PermissionRule, type ToolCallBlock } from "../../../message/index.js";
import { AbortedError, getLogger } from "../../../errors/index.js";
import type { ToolInput } from "../../../permission/index.js";
import { AgentOrientedError, copyToolInput, type ToolBase } from "../../../tools/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { ActingError } from "./acting-error.js";
import { ActingErrorCode } from "./acting-error-code.js";
import { askForConfirmation } from "./ask-for-confirmation.js";
import type { CallProgress } from "./call-progress.js";
import { finishWithText, snapshotCall } from "./result-events.js";
import { runLocalTool } from "./run-local-tool.js";
import { ToolCallError } from "./tool-call-error.js";

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
 *
 * Every call ends with a result: any error a step throws (a hook, a tool's developer error, a
 * middleware yielding junk, a hostile input breaking a step) gives the call an `error` result
 * whose text is the {@link ToolCallError}'s (an agent-oriented error's own text when one is
 * thrown), so the model's next request stays valid — where the reference raises instead.
 * Only a failure to emit the events is not the call's: it rejects with an
 * {@link ActingError} (`ACTING_EMIT_FAILED`).
 */
export async function executeToolCall(
  deps: LoopDeps,
  call: ToolCallBlock,
  signal: AbortSignal,
  keptRules: PermissionRule[] | null,
): Promise<CallOutcome> {
  const progress: CallProgress = { stage: "prepare", started: false };
  try {
    return await runPipeline(deps, call, signal, keptRules, progress);
  } catch (error) {
    return failCall(deps, call, signal, progress, error);
  }
}

async function runPipeline(
  deps: LoopDeps,
  call: ToolCallBlock,
  signal: AbortSignal,
  keptRules: PermissionRule[] | null,
  progress: CallProgress,
): Promise<CallOutcome> {
  const state = deps.state;
  const replyId = state.replyId;
  let tool: ToolBase;
  let input: ToolInput;
  try {
    const prepared = deps.prepareCall(call);
    ({ tool, input } = prepared instanceof Promise ? await prepared : prepared);
  } catch (error) {
    if (!(error instanceof AgentOrientedError)) throw error;
    finishWithText(deps, replyId, call, error.message, "error", true);
    return "finished";
  }
  if (signal.aborted) return "aborted";

  progress.stage = "permission";
  const decision = await deps.checkPermission({
    toolCall: deps.hasPermissionChain ? structuredClone(call) : call,
    tool,
    toolInput: copyToolInput(input),
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

  progress.stage = "acting";
  call.state = "allowed";
  const start = createEvent("TOOL_RESULT_START", {
    reply_id: replyId,
    tool_call_id: call.id,
    tool_call_name: call.name,
  });
  deps.emit(start);
  progress.started = true;
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
  // Awaited here: an async function returning a promise would resolve one turn later.
  return await runLocalTool(
    deps,
    replyId,
    call,
    signal,
    start.created_at,
    { tool, input },
    progress,
  );
}

/**
 * The failure path of one call. A call that already reached its outcome (`finished`, `asking`,
 * `submitted` are set just before the event saying so is emitted) failed in that emit: not the
 * call's failure. Otherwise the call gets its `error` result — unless the reply is being
 * interrupted, in which case it is left to be closed `interrupted` with the reply (spec §3.8).
 */
function failCall(
  deps: LoopDeps,
  call: ToolCallBlock,
  signal: AbortSignal,
  progress: CallProgress,
  error: unknown,
): CallOutcome {
  if (error instanceof ActingError) throw error;
  // The interrupt stopped it (a tool's AbortedError, or late work's gate): nothing to report.
  if (signal.aborted && error instanceof AbortedError) return "aborted";
  if (call.state === "finished" || call.state === "asking" || call.state === "submitted") {
    throw emitFailed(call, error);
  }
  const typed =
    error instanceof AgentOrientedError
      ? error
      : ToolCallError.fromCause(call, progress.stage, error);
  const what =
    typed instanceof ToolCallError
      ? typed.message
      : `Tool call '${call.id}' (tool '${call.name}') failed: ${typed.toString()}`;
  getLogger().warn(`agent '${deps.name}': ${what}`, {
    code: typed.code,
    cause: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  if (signal.aborted) return "aborted";
  try {
    finishWithText(deps, deps.state.replyId, call, typed.toString(), "error", !progress.started);
  } catch (emitError) {
    throw emitFailed(call, emitError);
  }
  return "finished";
}

function emitFailed(call: ToolCallBlock, cause: unknown): ActingError {
  return new ActingError(
    ActingErrorCode.EMIT_FAILED,
    `Emitting an event of tool call '${call.id}' (tool '${call.name}') failed; the reply cannot go on.`,
    { cause },
  );
}
