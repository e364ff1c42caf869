import { AbortedError } from "../../errors/index.js";
import type { WorkScope } from "../../machines/index.js";
import type { AgentState } from "../../state/index.js";
import type { LoopDeps } from "./loop-deps.js";

/**
 * The acting step's view of the agent for one piece of work, closed once the machine stops
 * waiting for it (`scope.stopped`: the reply was ended without it, after an interrupt whose grace
 * ran out). Late work — a tool that ignores its signal and answers anyway — then emits nothing
 * (events are dropped) and changes nothing: reading the state throws an `AbortedError` (the work's
 * rejection is dropped by the machine), so no result lands in a context that has moved on.
 *
 * One object per batch, not per event; a live work pays one flag check per event.
 */
export function gatedDeps(deps: LoopDeps, scope: WorkScope): LoopDeps {
  const late = () => new AbortedError("late work of an ended reply");
  return {
    name: deps.name,
    get state(): AgentState {
      if (scope.stopped) throw late();
      return deps.state;
    },
    toolkit: deps.toolkit,
    engine: deps.engine,
    prepareCall: (call) => deps.prepareCall(call),
    emit(event) {
      if (!scope.stopped) deps.emit(event);
    },
    async checkPermission(input) {
      const decision = await deps.checkPermission(input);
      if (scope.stopped) throw late();
      return decision;
    },
    acting: (toolCall, signal, prepared) => deps.acting(toolCall, signal, prepared),
    async truncateResult(result) {
      const truncated = await deps.truncateResult(result);
      if (scope.stopped) throw late();
      return truncated;
    },
  };
}
