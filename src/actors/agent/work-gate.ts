import { AbortedError } from "../../errors/index.js";
import type { AgentEvent, ToolCallBlock, ToolResultBlock } from "../../message/index.js";
import type { WorkScope } from "../../machines/index.js";
import type { PermissionDecision, PermissionEngine } from "../../permission/index.js";
import type { AgentState } from "../../state/index.js";
import type { ChunkSink, ToolChunk, Toolkit, ToolResponse } from "../../tools/index.js";
import type { CheckPermissionInput, LoopDeps, PreparedCall } from "./loop-deps.js";

/**
 * The acting step's view of the agent for one piece of work, closed once the machine stops
 * waiting for it (`scope.stopped`: the reply was ended without it, after an interrupt whose grace
 * ran out). Late work — a tool that ignores its signal and answers anyway — then emits nothing
 * (events are dropped) and changes nothing: reading the state throws an `AbortedError` (the work's
 * rejection is dropped by the machine), so no result lands in a context that has moved on.
 *
 * One object per batch, not per event (its methods on the prototype: no closure per batch); a
 * live work pays one flag check per event.
 */
export function gatedDeps(deps: LoopDeps, scope: WorkScope): LoopDeps {
  return new GatedDeps(deps, scope);
}

class GatedDeps implements LoopDeps {
  readonly name: string;
  readonly toolkit: Toolkit;
  readonly engine: PermissionEngine;
  readonly hasPermissionChain: boolean;

  constructor(
    private readonly deps: LoopDeps,
    private readonly scope: WorkScope,
  ) {
    this.name = deps.name;
    this.toolkit = deps.toolkit;
    this.engine = deps.engine;
    this.hasPermissionChain = deps.hasPermissionChain;
  }

  get state(): AgentState {
    if (this.scope.stopped) throw late();
    return this.deps.state;
  }

  prepareCall(call: ToolCallBlock): PreparedCall | Promise<PreparedCall> {
    return this.deps.prepareCall(call);
  }

  emit(event: AgentEvent): void {
    if (!this.scope.stopped) this.deps.emit(event);
  }

  async checkPermission(input: CheckPermissionInput): Promise<PermissionDecision> {
    const decision = await this.deps.checkPermission(input);
    if (this.scope.stopped) throw late();
    return decision;
  }

  acting(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
  ): AsyncIterable<ToolChunk | ToolResponse> {
    return this.deps.acting(toolCall, signal, prepared);
  }

  actingPushed(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
    sink: ChunkSink,
  ): Promise<ToolResponse> | null {
    return this.deps.actingPushed(toolCall, signal, prepared, sink);
  }

  truncateResult(result: ToolResultBlock): ToolResultBlock | Promise<ToolResultBlock> {
    const truncated = this.deps.truncateResult(result);
    if (truncated instanceof Promise) return truncated.then((done) => this.#live(done));
    return this.#live(truncated);
  }

  /** What the work made, unless the machine stopped waiting for it meanwhile. */
  #live<T>(value: T): T {
    if (this.scope.stopped) throw late();
    return value;
  }
}

function late(): AbortedError {
  return new AbortedError("late work of an ended reply");
}
