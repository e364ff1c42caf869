import { createActor, setup } from "xstate";
import type { FootprintContender } from "./scenario.js";

/**
 * The floor: a two-state XState v5 machine, defined once and shared, one started actor per
 * instance. What an actor of the library costs before anything is built around it.
 */
const toggle = setup({ types: { events: {} as { type: "TOGGLE" } } }).createMachine({
  id: "toggle",
  initial: "idle",
  states: {
    idle: { on: { TOGGLE: "busy" } },
    busy: { on: { TOGGLE: "idle" } },
  },
});

export const bareActor: FootprintContender = {
  setup: "setup().createMachine() with two states, shared; createActor(machine).start() each",
  make: () => createActor(toggle).start(),
};
