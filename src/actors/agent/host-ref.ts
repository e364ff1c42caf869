import type { LoopHost } from "../../machines/index.js";
import type { AgentState } from "../../state/index.js";
import type { AgentHost } from "./agent-host.js";

/**
 * What an agent's statechart holds of its agent: the runtime behind a reference whose only own
 * field is the agent's id. XState walks the context when it persists a snapshot (looking for
 * actor refs) and JSON walks it when it is written: both see `{ agent_id }`, never the runtime
 * (whose parts point back at each other), so `getPersistedSnapshot()` stays a small value.
 */
export class HostRef implements LoopHost {
  readonly agent_id: string;
  readonly #host: AgentHost;

  constructor(agentId: string, host: AgentHost) {
    this.agent_id = agentId;
    this.#host = host;
  }

  /** The agent's runtime (what the shared machine's slots call). */
  get host(): AgentHost {
    return this.#host;
  }

  get state(): AgentState {
    return this.#host.state;
  }

  isConcurrencySafe(toolName: string): boolean {
    return this.#host.isConcurrencySafe(toolName);
  }

  countIteration(): void {
    this.#host.countIteration();
  }
}
