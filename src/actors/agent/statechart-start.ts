import { createActor, type Actor, type InspectionEvent, type Observer } from "xstate";
import { AbortedError, getLogger } from "../../errors/index.js";
import type { AgentMachine, AgentMachineInput } from "../../machines/index.js";
import type { AgentRuntime } from "./agent-runtime.js";
import { sharedAgentMachine } from "./shared-machine.js";

/**
 * Creates and starts an agent's statechart: the shared machine with the runtime as its host,
 * its XState id and `systemId` the agent's id (an inspector shows each agent apart). A state
 * that holds a parked reply starts the machine in the matching awaiting state, so the reply can
 * be resumed (or interrupted) at once.
 */
export function startStatechart(
  runtime: AgentRuntime,
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined,
): Actor<AgentMachine> {
  const machine = sharedAgentMachine();
  const { reactConfig } = runtime.configs;
  const input: AgentMachineInput = {
    name: runtime.name,
    maxIters: reactConfig.maxIters,
    graceIters: reactConfig.structuredOutputGraceIters,
    host: runtime,
  };
  const parked = runtime.state.getAwaitingToolCalls(runtime.name);
  const startIn =
    parked.length === 0
      ? null
      : parked.some((c) => c.state === "asking")
        ? "awaiting-confirm"
        : "awaiting-external";
  const actor = createActor(machine, {
    id: runtime.id,
    systemId: runtime.id,
    input,
    ...(inspect === undefined ? {} : { inspect }),
    ...(startIn === null
      ? {}
      : {
          snapshot: machine.resolveState({
            value: startIn,
            context: {
              ...input,
              finalMsg: null,
              madeProgress: true,
              next: null,
              batches: [],
              hint: null,
              toolChoice: null,
            },
          }),
        }),
  });
  runtime.actor = actor;
  actor.subscribe({
    error: (error) => {
      runtime.abortWork();
      getLogger().error(`agent '${runtime.name}' statechart failed`, { error: String(error) });
      runtime.failReply(error);
    },
    // The statechart was stopped (its running work was aborted): the reply fails.
    complete: () => {
      runtime.failReply(new AbortedError(`agent '${runtime.name}' (its statechart was stopped)`));
    },
  });
  actor.start();
  return actor;
}
