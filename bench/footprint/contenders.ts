import type { FootprintContender } from "./scenario.js";

/** A contender as the runner knows it: loaded only inside its own worker process. */
export interface FootprintEntry {
  readonly id: string;
  readonly name: string;
  load(): Promise<FootprintContender>;
}

export const IDLE_AGENT_ID = "agent-idle";
export const FRESH_AGENT_ID = "agent-fresh";
export const BARE_ACTOR_ID = "bare-xstate";

/** Every contender, in table order. */
export const FOOTPRINT_CONTENDERS: readonly FootprintEntry[] = [
  {
    id: IDLE_AGENT_ID,
    name: "Agent, idle after one reply",
    load: async () => (await import("./actorscope.js")).idleAgent,
  },
  {
    id: FRESH_AGENT_ID,
    name: "Agent, fresh (no reply)",
    load: async () => (await import("./actorscope.js")).freshAgent,
  },
  {
    id: BARE_ACTOR_ID,
    name: "bare XState actor (floor)",
    load: async () => (await import("./bare-actor.js")).bareActor,
  },
];

/** The entry with this id. */
export function footprintContenderById(id: string): FootprintEntry {
  const found = FOOTPRINT_CONTENDERS.find((c) => c.id === id);
  if (found === undefined) throw new Error(`Unknown footprint contender '${id}'.`);
  return found;
}
