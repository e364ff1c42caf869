/**
 * actorscope: AgentScope 2.x as an actor runtime on an event bus.
 *
 * This file is the package's public door: every name here is part of the contract.
 */
export * from "./door-data.js";
export * from "./door-tools.js";
export * from "./door-agents.js";
