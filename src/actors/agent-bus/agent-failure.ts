import { ActorscopeError, toWireError } from "../../errors/index.js";

/** Where a spawned agent failed outside any caller's command. */
export const AgentFailureSource = {
  /** Its command subscription errored (a subject permission revoked, the connection lost for good). */
  COMMANDS: "commands",
  /** The code serving a command threw where no caller could be answered. */
  SERVING: "serving",
  /** A publish on its events or state feed failed on an open bus. */
  FEEDS: "feeds",
  /** Its statechart stopped on an error. */
  STATECHART: "statechart",
} as const;
export type AgentFailureSource = (typeof AgentFailureSource)[keyof typeof AgentFailureSource];

const WHAT: Readonly<Record<AgentFailureSource, string>> = {
  commands: "its command subscription failed",
  serving: "serving a command crashed",
  feeds: "publishing its feeds failed",
  statechart: "its statechart failed",
};

/**
 * A failure of a spawned agent as `AgentHandle.failures$` emits it: the cause's code and data
 * (a revoked permission stays `BUS_PERMISSION`, so a supervision report says what to fix), with
 * the agent and the source added, and a message that names both.
 */
export function agentFailure(
  agentId: string,
  source: AgentFailureSource,
  error: unknown,
): ActorscopeError {
  const wire = toWireError(error);
  return new ActorscopeError(wire.code, `Agent '${agentId}': ${WHAT[source]}: ${wire.message}`, {
    cause: error,
    data: { ...wire.data, agent_id: agentId, source },
  });
}
