import { assign, cancel, enqueueActions, fromPromise, raise, setup } from "xstate";
import {
  newId,
  now,
  type ExternalExecutionResultEvent,
  type HintBlock,
  type Msg,
  type UserConfirmResultEvent,
} from "../message/index.js";
import type { ToolChoice } from "../model/index.js";
import type { AgentState } from "../state/index.js";
import { batchToolCalls, type ToolBatch } from "./batching.js";
import { decideNextAction, type NextAction } from "./next-action.js";

/** The agent's top-level states: `actor.getSnapshot().value` is always one of these. */
export const AgentStateName = {
  IDLE: "idle",
  COMPRESSING: "compressing",
  REASONING: "reasoning",
  ACTING: "acting",
  AWAITING_CONFIRM: "awaiting-confirm",
  AWAITING_EXTERNAL: "awaiting-external",
} as const;
export type AgentStateName = (typeof AgentStateName)[keyof typeof AgentStateName];

/** What a reply call asks for, already validated by the agent. */
export type ReplyRequest =
  | { readonly kind: "new"; readonly msgs: readonly Msg[] }
  | { readonly kind: "confirm"; readonly event: UserConfirmResultEvent }
  | { readonly kind: "external"; readonly event: ExternalExecutionResultEvent };

export type AgentMachineEvent =
  | { type: "REPLY"; request: ReplyRequest }
  | { type: "INTERRUPT" }
  | { type: "CONTINUE" }
  | { type: "NEXT" }
  | { type: "INTERRUPT_TIMEOUT" };

export interface AgentMachineInput {
  state: AgentState;
  name: string;
  maxIters: number;
  graceIters: number;
  /** Whether calls of this tool may run together (unknown tools: true, spec §3.7). */
  isConcurrencySafe: (toolName: string) => boolean;
}

export interface AgentMachineContext extends AgentMachineInput {
  /** The candidate final message of the last reasoning step. */
  finalMsg: Msg | null;
  /** Reasoning or acting happened since the last exit (a swallowed REPLY_END may loop once). */
  madeProgress: boolean;
  /** The decision of spec §3.5, made once per step. */
  next: NextAction | null;
  /** The batches of the current acting step still to run. */
  batches: readonly ToolBatch[];
  /** The hint and tool choice of the coming reasoning step. */
  hint: HintBlock | null;
  toolChoice: ToolChoice | null;
}

/** What each kind of work reports when it ends. Interrupted work has already emitted its tail. */
export interface WorkOutput {
  interrupted: boolean;
}
export interface ReasoningOutput extends WorkOutput {
  finalMsg: Msg | null;
}
export interface ActingOutput extends WorkOutput {
  /** A call now waits for a user confirmation or an external result: run no further batch. */
  parked: boolean;
}

/**
 * While work runs, INTERRUPT asks it to stop (it ends with its interrupted tail); if it has not
 * within `interruptGrace`, the agent ends the reply without it.
 */
const INTERRUPTIBLE = {
  INTERRUPT: { actions: ["abortWork", "scheduleInterruptTimeout"] },
  INTERRUPT_TIMEOUT: { target: "idle", actions: "endInterrupted" },
} as const;

const notProvided = (slot: string) => () => {
  throw new Error(`The agent machine's '${slot}' slot was not provided (use machine.provide()).`);
};

/**
 * The agent statechart (see DESIGN.md "The agent statechart"): a pure definition whose work is
 * done by named actor slots (`compress`, `callModel`, `runBatch`) and whose effects are named
 * action slots (`beginReply`, `applyResume`, `finishReply`, …), all given by `Agent` with
 * `machine.provide()`. The loop decisions — the next action (spec §3.5), batching (§3.7), the
 * iteration count — are made here, from the agent state in the context.
 *
 * @example
 * const machine = createAgentMachine(); // visualise it, or provide the slots and run it
 */
export function createAgentMachine() {
  return setup({
    types: {
      context: {} as AgentMachineContext,
      events: {} as AgentMachineEvent,
      input: {} as AgentMachineInput,
    },
    actors: {
      compress: fromPromise<WorkOutput, Record<string, never>>(notProvided("compress")),
      callModel: fromPromise<ReasoningOutput, { toolChoice: ToolChoice | null }>(
        notProvided("callModel"),
      ),
      runBatch: fromPromise<ActingOutput, { batch: ToolBatch }>(notProvided("runBatch")),
    },
    actions: {
      /** A new reply: take the input messages, start the reply context, emit REPLY_START. */
      beginReply: notProvided("beginReply"),
      /** A resume: apply the confirmation or external results to the parked calls. */
      applyResume: notProvided("applyResume"),
      /** Before reasoning: persist the step's hint in the reply message. */
      appendHint: (_args, _params: { hint: HintBlock }) => {
        notProvided("appendHint")();
      },
      /** Park: hand the waiting message to the caller (no REPLY_END). */
      parkReply: (_args, _params: { msg: Msg }) => {
        notProvided("parkReply")();
      },
      /** Exit: emit the end events and hand the final message to the caller. */
      finishReply: (_args, _params: { reason: "completed" | "exceed_max_iters"; msg: Msg }) => {
        notProvided("finishReply")();
      },
      /** Close unfinished calls, emit REPLY_END(interrupted), hand over the fallback message. */
      endInterrupted: notProvided("endInterrupted"),
      /** Work failed: the reply call rejects with the error (no REPLY_END). */
      failReply: (_args, _params: { error: unknown }) => {
        notProvided("failReply")();
      },
      /** Ask the running work to stop (its AbortSignal); it ends with its interrupted tail. */
      abortWork: notProvided("abortWork"),
      resetReply: assign({
        finalMsg: null,
        madeProgress: true,
        batches: [],
        hint: null,
        toolChoice: null,
      }),
      /** After reasoning or acting: a round counts once all its calls have results. */
      countIteration: ({ context }) => {
        if (context.state.getUnfinishedToolCalls(context.name).length === 0)
          context.state.curIter += 1;
      },
      decide: assign({
        next: ({ context }) =>
          decideNextAction({
            state: context.state,
            name: context.name,
            maxIters: context.maxIters,
            graceIters: context.graceIters,
            finalMsg: context.finalMsg,
            now,
            newId,
          }),
      }),
      route: raise({ type: "NEXT" }),
      scheduleInterruptTimeout: raise(
        { type: "INTERRUPT_TIMEOUT" },
        { delay: "interruptGrace", id: "interrupt-timeout" },
      ),
      cancelInterruptTimeout: cancel("interrupt-timeout"),
    },
    guards: {
      nextIsActing: ({ context }) => context.next?.kind === "acting",
      nextIsReasoning: ({ context }) => context.next?.kind === "reasoning",
      nextIsParkConfirm: ({ context }) =>
        context.next?.kind === "park" && context.next.awaiting === "confirm",
      nextIsParkExternal: ({ context }) =>
        context.next?.kind === "park" && context.next.awaiting === "external",
      nextIsExit: ({ context }) => context.next?.kind === "exit",
      isNewReply: ({ event }) => event.type === "REPLY" && event.request.kind === "new",
      madeProgress: ({ context }) => context.madeProgress,
    },
    delays: {
      /** How long interrupted work may take to stop before the agent stops waiting for it. */
      interruptGrace: 5_000,
    },
  }).createMachine({
    id: "agent",
    initial: "idle",
    context: ({ input }) => ({
      ...input,
      finalMsg: null,
      madeProgress: true,
      next: null,
      batches: [],
      hint: null,
      toolChoice: null,
    }),
    on: {
      // The routing table of spec §3.5, shared by every state that decides.
      NEXT: [
        {
          guard: "nextIsActing",
          target: ".acting",
          reenter: true,
          actions: assign({
            batches: ({ context }) =>
              context.next?.kind === "acting"
                ? batchToolCalls(context.next.toolCalls, context.isConcurrencySafe)
                : [],
          }),
        },
        {
          guard: "nextIsReasoning",
          target: ".compressing",
          reenter: true,
          actions: enqueueActions(({ context, enqueue }) => {
            if (context.next?.kind !== "reasoning") return;
            const { hint, toolChoice } = context.next;
            enqueue.assign({ hint, toolChoice, finalMsg: null });
            if (hint !== null) enqueue({ type: "appendHint", params: { hint } });
          }),
        },
        {
          guard: "nextIsParkConfirm",
          target: ".awaiting-confirm",
          actions: {
            type: "parkReply",
            params: ({ context }) => ({ msg: (context.next as { msg: Msg }).msg }),
          },
        },
        {
          guard: "nextIsParkExternal",
          target: ".awaiting-external",
          actions: {
            type: "parkReply",
            params: ({ context }) => ({ msg: (context.next as { msg: Msg }).msg }),
          },
        },
        {
          guard: "nextIsExit",
          target: ".idle",
          actions: {
            type: "finishReply",
            params: ({ context }) => {
              const next = context.next as Extract<NextAction, { kind: "exit" }>;
              return { reason: next.reason, msg: next.msg };
            },
          },
        },
      ],
    },
    states: {
      idle: {
        on: {
          REPLY: [
            { guard: "isNewReply", actions: ["beginReply", "resetReply", "decide", "route"] },
            // a reply parked in another process, resumed here (the agent checked it is waiting)
            { actions: ["applyResume", "resetReply", "decide", "route"] },
          ],
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
        },
      },
      compressing: {
        invoke: {
          src: "compress",
          input: () => ({}),
          onDone: [
            {
              guard: ({ event }) => event.output.interrupted,
              target: "idle",
              actions: ["cancelInterruptTimeout", "endInterrupted"],
            },
            { target: "reasoning" },
          ],
          onError: {
            target: "idle",
            actions: [
              "cancelInterruptTimeout",
              { type: "failReply", params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
        on: INTERRUPTIBLE,
      },
      reasoning: {
        invoke: {
          src: "callModel",
          input: ({ context }) => ({ toolChoice: context.toolChoice }),
          onDone: [
            {
              guard: ({ event }) => event.output.interrupted,
              target: "idle",
              actions: ["cancelInterruptTimeout", "endInterrupted"],
            },
            {
              actions: [
                assign({ finalMsg: ({ event }) => event.output.finalMsg, madeProgress: true }),
                "countIteration",
                "decide",
                "route",
              ],
            },
          ],
          onError: {
            target: "idle",
            actions: [
              "cancelInterruptTimeout",
              { type: "failReply", params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
        on: INTERRUPTIBLE,
      },
      acting: {
        invoke: {
          src: "runBatch",
          input: ({ context }) => ({ batch: context.batches[0] as ToolBatch }),
          onDone: [
            {
              guard: ({ event }) => event.output.interrupted,
              target: "idle",
              actions: ["cancelInterruptTimeout", "endInterrupted"],
            },
            {
              guard: ({ event, context }) => !event.output.parked && context.batches.length > 1,
              target: "acting",
              reenter: true,
              actions: assign({
                batches: ({ context }) => context.batches.slice(1),
                madeProgress: true,
              }),
            },
            { actions: [assign({ madeProgress: true }), "countIteration", "decide", "route"] },
          ],
          onError: {
            target: "idle",
            actions: [
              "cancelInterruptTimeout",
              { type: "failReply", params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
        on: INTERRUPTIBLE,
      },
      "awaiting-confirm": {
        on: {
          REPLY: { actions: ["applyResume", "resetReply", "decide", "route"] },
          INTERRUPT: { target: "idle", actions: "endInterrupted" },
        },
      },
      "awaiting-external": {
        on: {
          REPLY: { actions: ["applyResume", "resetReply", "decide", "route"] },
          INTERRUPT: { target: "idle", actions: "endInterrupted" },
        },
      },
    },
  });
}

export type AgentMachine = ReturnType<typeof createAgentMachine>;
