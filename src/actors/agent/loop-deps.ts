import type { AgentEvent, ToolCallBlock, ToolResultBlock } from "../../message/index.js";
import type { PermissionDecision, PermissionEngine } from "../../permission/index.js";
import type { AgentState } from "../../state/index.js";
import type {
  ChunkSink,
  PreparedToolCall,
  ToolBase,
  ToolChunk,
  Toolkit,
  ToolResponse,
} from "../../tools/index.js";

/** A call's tool and parsed, validated input. */
export type PreparedCall = PreparedToolCall;

/**
 * What the permission hook chain gets (spec §9 `on_check_permission`): deep copies of the call
 * and its input. Without a chain (see `LoopDeps.hasPermissionChain`) the call is the live block,
 * which nothing then changes or keeps; the input is always a copy (the tool's own checks read it).
 */
export interface CheckPermissionInput {
  toolCall: ToolCallBlock;
  tool: ToolBase;
  toolInput: Record<string, unknown>;
}

/**
 * What the acting step (spec §3.7, §3.8) needs from the agent. The agent builds it once; the
 * middleware chains are already composed (identity when no middleware implements the hook).
 */
export interface LoopDeps {
  /** The agent's name (author of its messages). */
  readonly name: string;
  /** The live agent state (the agent may replace it; read it through this getter each time). */
  readonly state: AgentState;
  readonly toolkit: Toolkit;
  readonly engine: PermissionEngine;
  /**
   * The checks before a call runs (spec §3.7 step 1) against the step's tool view (the groups
   * active now: a `reset_tools` earlier in the batch counts): the tool, its parsed and validated
   * input; throws the agent-oriented error that becomes the call's error result. Synchronous
   * when the step's view is known (no second lookup or listing).
   */
  prepareCall(call: ToolCallBlock): PreparedCall | Promise<PreparedCall>;
  /**
   * Whether an `onCheckPermission` chain reads what {@link checkPermission} gets (then the call
   * is deep-copied for it; the decision itself reads only the call's state).
   */
  readonly hasPermissionChain: boolean;
  /** Emits one event of the running reply, in order. */
  emit(event: AgentEvent): void;
  /**
   * The permission decision for a call: the `onCheckPermission` chain around
   * {@link checkPermissionImpl}-style logic (an `allowed` call short-circuits to ALLOW, else the
   * engine). PASSTHROUGH coming back is treated as ASK by the caller.
   */
  checkPermission(input: CheckPermissionInput): Promise<PermissionDecision>;
  /**
   * Runs an allowed local call: the `onActing` chain around `toolkit.callTool`. `prepared` is the
   * tool and input the pipeline checked; without a middleware (which may change the call) the
   * toolkit runs them without checking again.
   */
  acting(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
  ): AsyncIterable<ToolChunk | ToolResponse>;
  /**
   * {@link acting} when no `onActing` middleware reads the call's stream: the toolkit runs the
   * checked tool and input, each intermediate chunk goes to `sink`, and the promise resolves
   * with the response. Null when a middleware is set: stream {@link acting} then.
   */
  actingPushed(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
    sink: ChunkSink,
  ): Promise<ToolResponse> | null;
  /** Truncates a tool result before it is saved (spec §8.4); identity until the context issue. */
  truncateResult(result: ToolResultBlock): ToolResultBlock | Promise<ToolResultBlock>;
}
