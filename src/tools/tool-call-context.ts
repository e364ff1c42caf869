import type { ToolState } from "./state/tool-state.js";

/**
 * What a tool's `call` (and each tool middleware) receives besides the input.
 *
 * - `signal` fires when the call is interrupted (the user interrupts the agent, a timeout, a
 *   cancel over the bus). Every tool must stop promptly when it fires: pass it to `fetch`, child
 *   processes and inner waits, or check `signal.aborted` between steps. The toolkit turns an
 *   aborted call into an `interrupted` result even if the tool ignores it, but only the tool can
 *   stop its own work.
 * - `state` is the agent state, given only to state-injected tools (`isStateInjected`), the
 *   TypeScript form of AgentScope's `_agent_state` argument. Tools may mutate it.
 */
export interface ToolCallContext {
  readonly signal: AbortSignal;
  readonly state: ToolState | undefined;
}

/** Options of `ToolBase.invoke`. */
export interface InvokeOptions {
  /** Interrupts the call; defaults to a signal that never fires. */
  signal?: AbortSignal | undefined;
  /** The agent state, for state-injected tools. */
  state?: ToolState | undefined;
}

/** A signal that never fires, shared by calls made without one. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
