/**
 * actorscope: AgentScope 2.x as an actor runtime on an event bus.
 *
 * This file is the package's public door: every name here is part of the contract. It exports
 * the product — what a user builds agents, tools, middleware, models, formatters, permission
 * rules, state and events with, the errors they throw and the schemas their data is validated
 * with — and not its helpers: those a user extending actorscope may still need are in
 * `actorscope/utils`, the deterministic kit in `actorscope/testing`. `test/index.test.ts` pins
 * the names, so an addition is a decision made in review.
 */
export * from "./door-data.js";
export * from "./door-tools.js";
export * from "./door-agents.js";
export * from "./door-bus.js";
export * from "./door-mcp.js";
export * from "./door-context.js";
