import {
  createEvent,
  type ExternalExecutionResultEvent,
  type PermissionRule,
  type TextOrDataBlock,
  type ToolCallBlock,
  type ToolResultBlock,
  type ToolResultState,
  type UserConfirmResultEvent,
} from "../../message/index.js";
import type { ToolBatch } from "../../machines/index.js";
import {
  AgentOrientedError,
  ToolResponse,
  TOOL_INTERRUPTED_REMINDER,
  type ToolBase,
} from "../../tools/index.js";
import type { LoopDeps } from "./loop-deps.js";

/** What a batch reports to the statechart. */
export interface BatchOutcome {
  interrupted: boolean;
  parked: boolean;
}

/** Per-batch bookkeeping shared by the calls of a concurrent batch. */
interface BatchScope {
  readonly concurrent: boolean;
  /** Suggested rules already asked for in this batch (spec §3.7 de-duplication). */
  readonly keptRules: PermissionRule[];
  interrupted: boolean;
  parked: boolean;
}

/**
 * Runs one batch of tool calls (spec §3.7): sequential calls one by one, stopping at the first
 * that asks, is submitted, or is interrupted; concurrent calls together, errors collected and
 * rethrown together once all have finished.
 */
export async function runBatch(
  deps: LoopDeps,
  batch: ToolBatch,
  signal: AbortSignal,
): Promise<BatchOutcome> {
  const scope: BatchScope = {
    concurrent: batch.kind === "concurrent",
    keptRules: [],
    interrupted: false,
    parked: false,
  };
  if (!scope.concurrent) {
    for (const call of batch.calls) {
      await executeToolCall(deps, call, scope, signal);
      if (scope.parked || scope.interrupted) break;
    }
  } else {
    const settled = await Promise.allSettled(
      batch.calls.map((call) => executeToolCall(deps, call, scope, signal)),
    );
    const errors = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
    if (errors.length > 0)
      throw new AggregateError(errors, "One or more tool calls raised an exception");
  }
  return { interrupted: scope.interrupted, parked: scope.parked };
}

/** The per-call pipeline of spec §3.7. */
async function executeToolCall(
  deps: LoopDeps,
  call: ToolCallBlock,
  scope: BatchScope,
  signal: AbortSignal,
): Promise<void> {
  const state = deps.state;
  let tool: ToolBase;
  let input: Record<string, unknown>;
  try {
    ({ tool, input } = await deps.toolkit.prepareToolCall(
      call,
      state.tool_context.activated_groups,
    ));
  } catch (error) {
    if (!(error instanceof AgentOrientedError)) throw error;
    emitTextResult(deps, call, error.message, "error", true);
    return;
  }

  let decision = await deps.checkPermission({
    toolCall: structuredClone(call),
    tool,
    toolInput: structuredClone(input),
  });
  if (decision.behavior === "passthrough") decision = { ...decision, behavior: "ask" };

  if (decision.behavior === "ask") {
    const suggestions = decision.suggested_rules ?? [];
    if (scope.concurrent && !decision.bypass_immune) {
      for (const rule of scope.keptRules) {
        if (rule.tool_name !== call.name) continue;
        if (
          rule.rule_content === null ||
          rule.rule_content === "" ||
          (await tool.matchRule(rule.rule_content, input))
        ) {
          return; // asked already for this batch; stays pending, re-evaluated on the next run
        }
      }
      scope.keptRules.push(...suggestions);
    }
    call.state = "asking";
    call.suggested_rules = suggestions.map((rule) => ({ ...rule }));
    deps.emit(
      createEvent("REQUIRE_USER_CONFIRM", {
        reply_id: state.replyId,
        tool_calls: [structuredClone(call)],
      }),
    );
    scope.parked = true;
    return;
  }
  if (decision.behavior === "deny") {
    emitTextResult(deps, call, decision.message, "denied", true);
    return;
  }

  // ALLOW
  call.state = "allowed";
  const reply_id = state.replyId;
  deps.emit(
    createEvent("TOOL_RESULT_START", {
      reply_id,
      tool_call_id: call.id,
      tool_call_name: call.name,
    }),
  );
  if (tool.isExternalTool) {
    call.state = "submitted";
    deps.emit(
      createEvent("REQUIRE_EXTERNAL_EXECUTION", { reply_id, tool_calls: [structuredClone(call)] }),
    );
    scope.parked = true;
    return;
  }
  let response: ToolResponse | null = null;
  for await (const item of deps.acting(call, signal)) {
    if (item instanceof ToolResponse) {
      response = item;
      continue;
    }
    for (const block of item.content) emitOutputBlock(deps, call.id, block);
  }
  response ??= new ToolResponse({ id: call.id, state: signal.aborted ? "interrupted" : "error" });
  const result: ToolResultBlock = await deps.truncateResult({
    type: "tool_result",
    id: call.id,
    name: call.name,
    output: response.content,
    state: response.state,
    metadata: response.metadata,
    created_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
  });
  deps.state.appendContext(deps.name, [result]);
  call.state = "finished";
  deps.emit(
    createEvent("TOOL_RESULT_END", {
      reply_id,
      tool_call_id: call.id,
      state: result.state,
      metadata: result.metadata,
    }),
  );
  if (result.state === "interrupted") scope.interrupted = true;
}

function emitOutputBlock(deps: LoopDeps, callId: string, block: TextOrDataBlock): void {
  const reply_id = deps.state.replyId;
  if (block.type === "text") {
    deps.emit(
      createEvent("TOOL_RESULT_TEXT_DELTA", { reply_id, tool_call_id: callId, delta: block.text }),
    );
  } else if (block.source.type === "base64") {
    deps.emit(
      createEvent("TOOL_RESULT_DATA_DELTA", {
        reply_id,
        tool_call_id: callId,
        block_id: block.id,
        media_type: block.source.media_type,
        data: block.source.data,
      }),
    );
  } else {
    deps.emit(
      createEvent("TOOL_RESULT_DATA_DELTA", {
        reply_id,
        tool_call_id: callId,
        block_id: block.id,
        media_type: block.source.media_type,
        url: block.source.url,
      }),
    );
  }
}

/**
 * A result made of one text (errors, denials, interruptions): START (unless already sent),
 * one text delta, END; saved with the text as a plain string; the call finished.
 */
function emitTextResult(
  deps: LoopDeps,
  call: ToolCallBlock,
  text: string,
  state: ToolResultState,
  withStart: boolean,
): void {
  const reply_id = deps.state.replyId;
  if (withStart) {
    deps.emit(
      createEvent("TOOL_RESULT_START", {
        reply_id,
        tool_call_id: call.id,
        tool_call_name: call.name,
      }),
    );
  }
  call.state = "finished";
  deps.emit(
    createEvent("TOOL_RESULT_TEXT_DELTA", { reply_id, tool_call_id: call.id, delta: text }),
  );
  const at = new Date().toISOString();
  deps.state.appendContext(deps.name, [
    {
      type: "tool_result",
      id: call.id,
      name: call.name,
      output: text,
      state,
      metadata: {},
      created_at: at,
      finished_at: at,
    },
  ]);
  deps.emit(
    createEvent("TOOL_RESULT_END", { reply_id, tool_call_id: call.id, state, metadata: {} }),
  );
}

/** Spec §3.7 "Resuming" with a user's answers. */
export function applyConfirmResults(deps: LoopDeps, event: UserConfirmResultEvent): void {
  const last = deps.state.lastOwnMessage(deps.name);
  if (last === undefined) return;
  const answers = new Map(event.confirm_results.map((r) => [r.tool_call.id, r]));
  for (const call of last.getContentBlocks("tool_call")) {
    const answer = answers.get(call.id);
    if (answer === undefined) continue;
    if (answer.confirmed) {
      call.state = "allowed";
      call.name = answer.tool_call.name;
      call.input = answer.tool_call.input;
      for (const rule of answer.rules ?? []) deps.engine.addRule(rule);
    } else {
      emitTextResult(
        deps,
        call,
        `<system-reminder>The execution of tool "${call.name}" is denied by user!</system-reminder>`,
        "denied",
        true,
      );
    }
  }
}

/** Spec §3.7 "Resuming" with external results: deltas and END (START went out at submission). */
export function applyExternalResults(deps: LoopDeps, event: ExternalExecutionResultEvent): void {
  const last = deps.state.lastOwnMessage(deps.name);
  if (last === undefined) return;
  const calls = new Map(last.getContentBlocks("tool_call").map((c) => [c.id, c]));
  const reply_id = deps.state.replyId;
  for (const result of event.execution_results) {
    if (typeof result.output === "string") {
      deps.emit(
        createEvent("TOOL_RESULT_TEXT_DELTA", {
          reply_id,
          tool_call_id: result.id,
          delta: result.output,
        }),
      );
    } else {
      for (const block of result.output) emitOutputBlock(deps, result.id, block);
    }
    deps.state.appendContext(deps.name, [
      { ...result, finished_at: result.finished_at ?? event.created_at },
    ]);
    const call = calls.get(result.id);
    if (call !== undefined) call.state = "finished";
    deps.emit(
      createEvent("TOOL_RESULT_END", {
        reply_id,
        tool_call_id: result.id,
        state: result.state,
        metadata: result.metadata,
      }),
    );
  }
}

/** Spec §3.8: every unfinished call of the reply message ends as interrupted. */
export function closeUnfinishedToolCalls(deps: LoopDeps): void {
  const last = deps.state.lastOwnMessage(deps.name);
  if (last === undefined) return;
  const answered = new Set(last.getContentBlocks("tool_result").map((r) => r.id));
  for (const call of last.getContentBlocks("tool_call")) {
    if (answered.has(call.id)) continue;
    const startSent = call.state === "allowed" || call.state === "submitted";
    emitTextResult(deps, call, TOOL_INTERRUPTED_REMINDER, "interrupted", !startSent);
  }
}
