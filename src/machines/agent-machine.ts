import { assign } from "xstate";
import { agentMachineSetup } from "./agent-machine-setup.js";
import {
  FAILED,
  INTERRUPTIBLE,
  REPLY_AT_REST,
  ROUTES,
  ROUTES_AFTER_ACTING,
  WORK_INTERRUPTED,
} from "./agent-machine-routes.js";
import { restingContext } from "./agent-machine-types.js";
import type { ToolBatch } from "./batching.js";

export {
  AgentStateName,
  type ActingInput,
  type ActingOutput,
  type AgentMachineContext,
  type AgentMachineEvent,
  type AgentMachineInput,
  type LoopHost,
  type ReasoningInput,
  type ReasoningOutput,
  type ReplyRequest,
  restingContext,
  type WorkInput,
  type WorkOutput,
} from "./agent-machine-types.js";

/**
 * The agent statechart (see DESIGN.md "The agent statechart"): a pure definition whose work is
 * done by named actor slots (`compress`, `callModel`, `runBatch`) and whose effects are named
 * action slots (`beginReply`, `applyResume`, `finishReply`, …), all given by `Agent` with
 * `machine.provide()`. The loop decisions — the next action (spec §3.5), batching (§3.7), the
 * iteration count — are made here, from the agent state its host holds (see `LoopHost`).
 *
 * The hot path — reasoning done → acting, acting done → reasoning — is one transition each: the
 * decision is made by the guards of the done event itself (memoised per event, so the table's
 * guards share one decision) instead of a raised routing event, and the `compressing` state is
 * only entered when the `shouldCompress` guard says the context may be over its trigger.
 *
 * @example
 * const machine = createAgentMachine(); // visualise it, or provide the slots and run it
 *
 * This file is the states and transitions; the slots, actions and guards they name are in
 * `agent-machine-setup.ts`, the routing table in `agent-machine-routes.ts`.
 */
export function createAgentMachine() {
  return agentMachineSetup().createMachine({
    id: "agent",
    initial: "idle",
    context: ({ input }) => restingContext(input),
    states: {
      idle: {
        // A reply ended: no interrupt timer of it may fire into the next one, and the snapshot
        // at rest keeps nothing of it (its decision, batches and candidate message).
        entry: ["cancelInterruptTimeout", "clearStep"],
        on: {
          REPLY: REPLY_AT_REST,
          // A parked reply in a state given to an idle machine (`agent.state = …`): close it.
          INTERRUPT: { guard: "isParked", actions: "endInterrupted" },
          // After a middleware swallowed REPLY_END: loop again, once per bit of progress.
          CONTINUE: [
            {
              guard: "madeProgress",
              actions: [assign({ madeProgress: false, finalMsg: null }), "decide", "route"],
            },
            {
              actions: {
                type: "failReply",
                params: () => ({
                  error: new Error(
                    "A middleware swallowed the ReplyEndEvent twice without any reasoning/acting in between. Unblock the next round (e.g. adjust 'cur_iter', 'max_iters' or the structured output state) before swallowing the event again.",
                  ),
                }),
              },
            },
          ],
          NEXT: ROUTES,
        },
      },
      compressing: {
        invoke: { src: "compress", input: ({ context }) => ({ host: context.host }) },
        on: {
          ...INTERRUPTIBLE,
          WORK_DONE: [WORK_INTERRUPTED, { target: "reasoning" }],
          WORK_FAILED: FAILED,
        },
      },
      reasoning: {
        invoke: {
          src: "callModel",
          input: ({ context }) => ({ toolChoice: context.toolChoice, host: context.host }),
        },
        on: {
          ...INTERRUPTIBLE,
          WORK_DONE: [WORK_INTERRUPTED, ...ROUTES],
          WORK_FAILED: FAILED,
        },
      },
      acting: {
        invoke: {
          src: "runBatch",
          input: ({ context }) => ({
            batch: context.batches[0] as ToolBatch,
            host: context.host,
          }),
        },
        on: {
          ...INTERRUPTIBLE,
          WORK_DONE: [
            WORK_INTERRUPTED,
            {
              guard: "moreBatches",
              target: "acting",
              reenter: true,
              actions: assign({
                batches: ({ context }) => context.batches.slice(1),
                madeProgress: true,
              }),
            },
            ...ROUTES_AFTER_ACTING,
          ],
          WORK_FAILED: FAILED,
        },
      },
      "awaiting-confirm": {
        entry: "cancelInterruptTimeout",
        on: {
          REPLY: REPLY_AT_REST,
          INTERRUPT: { target: "idle", actions: "endInterrupted" },
          NEXT: ROUTES,
        },
      },
      "awaiting-external": {
        entry: "cancelInterruptTimeout",
        on: {
          REPLY: REPLY_AT_REST,
          INTERRUPT: { target: "idle", actions: "endInterrupted" },
          NEXT: ROUTES,
        },
      },
    },
  });
}

export type AgentMachine = ReturnType<typeof createAgentMachine>;
