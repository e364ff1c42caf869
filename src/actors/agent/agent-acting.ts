import type { ToolCallBlock } from "../../message/index.js";
import { composeOnion } from "../../middleware/index.js";
import type { PermissionDecision } from "../../permission/index.js";
import type { ChunkSink, ToolChunk, ToolResponse } from "../../tools/index.js";
import type { AgentInside } from "./agent-inside.js";
import type { CheckPermissionInput, PreparedCall } from "./loop-deps.js";

/** A call the user allowed needs no new decision (spec §3.8). */
const ALLOWED_BY_USER: PermissionDecision = Object.freeze({
  behavior: "allow",
  message: "Already allowed by user confirmation.",
  decision_reason: null,
  updated_input: null,
  suggested_rules: null,
  bypass_immune: false,
});

/**
 * A call's permission decision: the `onCheckPermission` chain around the engine (an `allowed`
 * call short-circuits to ALLOW). PASSTHROUGH coming back is treated as ASK by the caller.
 */
export function checkPermission(
  runtime: AgentInside,
  input: CheckPermissionInput,
): Promise<PermissionDecision> {
  const layers = runtime.chains.onCheckPermission;
  if (layers.length === 0) return decide(runtime, input);
  return composeOnion(layers, (i: CheckPermissionInput) => decide(runtime, i))(input);
}

function decide(runtime: AgentInside, input: CheckPermissionInput): Promise<PermissionDecision> {
  // A fresh copy each time: the pipeline may read it after a middleware saw it.
  if (input.toolCall.state === "allowed") return Promise.resolve({ ...ALLOWED_BY_USER });
  return runtime.engine.decide(input.tool, input.toolInput);
}

/**
 * Runs an allowed local call: the `onActing` chain around the toolkit. Without a middleware
 * (which may change the call) the toolkit runs the tool and input the pipeline checked.
 */
export function acting(
  runtime: AgentInside,
  toolCall: ToolCallBlock,
  signal: AbortSignal,
  prepared: PreparedCall,
): AsyncIterable<ToolChunk | ToolResponse> {
  const options = { state: runtime.state, signal };
  const layers = runtime.chains.onActing;
  if (layers.length === 0) return runtime.toolkit.callPreparedTool(toolCall.id, prepared, options);
  const chain = composeOnion(layers, (input: { toolCall: ToolCallBlock }) =>
    runtime.toolkit.callTool(input.toolCall, options),
  );
  return chain({ toolCall });
}

/** {@link acting} without a stream, when no `onActing` middleware reads it (else null). */
export function actingPushed(
  runtime: AgentInside,
  toolCall: ToolCallBlock,
  signal: AbortSignal,
  prepared: PreparedCall,
  sink: ChunkSink,
): Promise<ToolResponse> | null {
  if (runtime.chains.onActing.length > 0) return null;
  return runtime.toolkit.runPreparedTool(
    toolCall.id,
    prepared,
    { state: runtime.state, signal },
    sink,
  );
}
