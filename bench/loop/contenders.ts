import type { LoopContender } from "./scenario.js";

/** A contender as the runner knows it: loaded only inside its own worker process. */
export interface ContenderEntry {
  readonly id: string;
  readonly name: string;
  /** Imports the contender's module (so no library is loaded into another one's process). */
  load(): Promise<LoopContender>;
}

/** The contender the goals are stated for. */
export const ACTORSCOPE_ID = "actorscope";
export const OPENAI_AGENTS_ID = "openai-agents";
export const LANGGRAPH_ID = "langgraph";
export const FLOOR_ID = "floor";
export const MACHINE_ID = "machine";

/** Every contender, in table order. */
export const CONTENDERS: readonly ContenderEntry[] = [
  {
    id: ACTORSCOPE_ID,
    name: "actorscope",
    load: async () => (await import("./actorscope.js")).actorscopeContender({ stream: false }),
  },
  {
    id: "actorscope-stream",
    name: "actorscope (stream: true)",
    load: async () => (await import("./actorscope.js")).actorscopeContender({ stream: true }),
  },
  {
    id: OPENAI_AGENTS_ID,
    name: "@openai/agents",
    load: async () => (await import("./openai-agents.js")).openaiAgents,
  },
  {
    id: LANGGRAPH_ID,
    name: "LangGraph.js",
    load: async () => (await import("./langgraph.js")).langgraph,
  },
  {
    id: MACHINE_ID,
    name: "actorscope statechart only",
    load: async () => (await import("./machine.js")).machineOnly,
  },
  {
    id: FLOOR_ID,
    name: "bare XState (floor)",
    load: async () => (await import("./floor.js")).floor,
  },
];

/** The entry with this id. */
export function contenderById(id: string): ContenderEntry {
  const found = CONTENDERS.find((c) => c.id === id);
  if (found === undefined) throw new Error(`Unknown loop contender '${id}'.`);
  return found;
}
