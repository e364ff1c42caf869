import {
  createActor,
  type Actor,
  type InspectionEvent,
  type Observer,
  type Subscription,
} from "xstate";
import { AbortedError, getLogger } from "../../errors/index.js";
import { restingContext, type AgentMachine, type AgentMachineInput } from "../../machines/index.js";
import type { AgentConfigs } from "./agent-config.js";
import { HostRef } from "./host-ref.js";
import { sharedAgentMachine, type AgentHost } from "./shared-machine.js";

/** The one a statechart runs for: the agent's runtime. */
export interface StatechartRunner extends AgentHost {
  readonly id: string;
  readonly name: string;
  readonly configs: AgentConfigs;
  actor: Actor<AgentMachine>;
}

/**
 * Creates and starts an agent's statechart: the shared machine with the runtime as its host,
 * its XState id and `systemId` the agent's id (an inspector shows each agent apart). A state
 * that holds a parked reply starts the machine in the matching awaiting state, so the reply can
 * be resumed (or interrupted) at once.
 */
export function startStatechart(
  runtime: StatechartRunner,
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined,
): Actor<AgentMachine> {
  const machine = sharedAgentMachine();
  const { reactConfig } = runtime.configs;
  const input: AgentMachineInput = {
    name: runtime.name,
    maxIters: reactConfig.maxIters,
    graceIters: reactConfig.structuredOutputGraceIters,
    host: new HostRef(runtime.id, runtime),
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
            context: restingContext(input),
          }),
        }),
  });
  runtime.actor = actor;
  actor.start();
  return actor;
}

/**
 * Watches the statechart while a reply runs in it: if it fails or is stopped, the reply fails
 * (its work is aborted). Only a running reply needs this, so an idle agent holds no
 * subscription (a stopped statechart refuses the next reply when it is claimed).
 */
export function watchStatechart(runtime: StatechartRunner): Subscription {
  return runtime.actor.subscribe({
    error: (error) => {
      runtime.abortWork();
      getLogger().error(`agent '${runtime.name}' statechart failed`, { error: String(error) });
      runtime.failReply(error);
    },
    complete: () => {
      runtime.failReply(new AbortedError(`agent '${runtime.name}' (its statechart was stopped)`));
    },
  });
}
