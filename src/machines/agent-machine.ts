import { and, assign, cancel, raise, setup } from "xstate";
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
import { fromWork } from "./work-actor.js";

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
  /** Raised after a reply begins or resumes (or continues): route by `context.next`. */
  | { type: "NEXT" }
  | { type: "INTERRUPT_TIMEOUT" }
  /** From the running work actor (see `fromWork`): its output, or its error. */
  | { type: "WORK_DONE"; output: WorkOutput | ReasoningOutput | ActingOutput }
  | { type: "WORK_FAILED"; error: unknown };

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
/** What the `callModel` slot gets: the tool choice of the coming step. */
export interface ReasoningInput {
  toolChoice: ToolChoice | null;
}
/** What the `runBatch` slot gets: the batch to run. */
export interface ActingInput {
  batch: ToolBatch;
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
 * within `interruptGrace`, the agent ends the reply without it. A repeated INTERRUPT restarts the
 * one timer (XState keeps one timer per id only if the old one is cancelled first: a second
 * schedule would leave the first to fire into a later reply).
 */
const INTERRUPTIBLE = {
  INTERRUPT: { actions: ["abortWork", "cancelInterruptTimeout", "scheduleInterruptTimeout"] },
  INTERRUPT_TIMEOUT: { target: "idle", actions: "endInterrupted" },
} as const;

const notProvided = (slot: string) => () => {
  throw new Error(`The agent machine's '${slot}' slot was not provided (use machine.provide()).`);
};

/** The decision of spec §3.5 for the machine's agent, with this final candidate and count. */
function decide(context: AgentMachineContext, finalMsg: Msg | null, curIter: number): NextAction {
  return decideNextAction({
    state: context.state,
    name: context.name,
    maxIters: context.maxIters,
    graceIters: context.graceIters,
    finalMsg,
    curIter,
    now,
    newId,
  });
}

/** The routing decision of one transition, and what it does to the iteration count. */
interface StepDecision {
  readonly next: NextAction;
  /** The finished step completes a round: `cur_iter` grows by one (spec §3.3). */
  readonly counted: boolean;
  readonly finalMsg: Msg | null;
}

/** A done event of reasoning or acting work. */
interface WorkDoneEvent {
  readonly type: string;
  readonly output: ReasoningOutput | ActingOutput;
}

const isWorkDone = (event: { type: string }): event is WorkDoneEvent => event.type === "WORK_DONE";

/** Before reasoning: the step's hint, if it has one, goes into the reply message. */
const withHint = {
  type: "appendHint",
  params: ({ context }: { context: AgentMachineContext }) => ({ hint: context.hint }),
} as const;

/** The transitions of the routing table of spec §3.5 (exclusive: their order does not matter). */
const TO_ACTING = {
  guard: { type: "nextIs", params: { kind: "acting" } },
  target: "acting",
  reenter: true,
  actions: ["countIteration", "applyStep"],
} as const;
const TO_COMPRESSING = {
  guard: and([{ type: "nextIs", params: { kind: "reasoning" as const } }, "shouldCompress"]),
  target: "compressing",
  actions: ["countIteration", "applyStep", withHint],
} as const;
const TO_REASONING = {
  guard: { type: "nextIs", params: { kind: "reasoning" } },
  target: "reasoning",
  reenter: true,
  actions: ["countIteration", "applyStep", withHint],
} as const;
const TO_PARK = [
  {
    guard: { type: "nextIs", params: { kind: "park", awaiting: "confirm" } },
    target: "awaiting-confirm",
    actions: ["countIteration", "applyStep", { type: "parkReply", params: parkParams }],
  },
  {
    guard: { type: "nextIs", params: { kind: "park", awaiting: "external" } },
    target: "awaiting-external",
    actions: ["countIteration", "applyStep", { type: "parkReply", params: parkParams }],
  },
] as const;
const TO_EXIT = {
  target: "idle",
  actions: ["countIteration", "applyStep", { type: "finishReply", params: finishParams }],
} as const;

/**
 * The routing table, shared by the states that decide: after NEXT (a reply began, resumed or
 * continues) and after reasoning. After acting the likely next step (reasoning) is tried first.
 */
const ROUTES = [TO_ACTING, TO_COMPRESSING, TO_REASONING, ...TO_PARK, TO_EXIT] as const;
const ROUTES_AFTER_ACTING = [TO_COMPRESSING, TO_REASONING, TO_ACTING, ...TO_PARK, TO_EXIT] as const;

function parkParams({ context }: { context: AgentMachineContext }): { msg: Msg } {
  const next = context.next;
  if (next?.kind !== "park") throw new Error("The agent machine parked without a park decision.");
  return { msg: next.msg };
}

function finishParams({ context }: { context: AgentMachineContext }): {
  reason: "completed" | "exceed_max_iters";
  msg: Msg;
} {
  const next = context.next;
  if (next?.kind !== "exit") throw new Error("The agent machine exited without an exit decision.");
  return { reason: next.reason, msg: next.msg };
}

/**
 * A reply request where the machine rests (idle or parked). The agent checked the request against
 * the state, which decides (a state replaced while parked may take a new reply; a reply parked in
 * another process is resumed from idle).
 */
const REPLY_AT_REST = [
  { guard: "isNewReply", actions: ["beginReply", "resetReply", "decide", "route"] },
  { actions: ["applyResume", "resetReply", "decide", "route"] },
] as const;

/** Interrupted work has emitted its tail: end the reply. */
const WORK_INTERRUPTED = {
  guard: "interrupted",
  target: "idle",
  actions: ["cancelInterruptTimeout", "endInterrupted"],
} as const;

/** Failed work: the reply call rejects with the error (no REPLY_END). */
const FAILED = {
  target: "idle",
  actions: [
    "cancelInterruptTimeout",
    {
      type: "failReply",
      params: ({ event }: { event: AgentMachineEvent }) => ({
        error: event.type === "WORK_FAILED" ? event.error : undefined,
      }),
    },
  ],
} as const;

/**
 * The agent statechart (see DESIGN.md "The agent statechart"): a pure definition whose work is
 * done by named actor slots (`compress`, `callModel`, `runBatch`) and whose effects are named
 * action slots (`beginReply`, `applyResume`, `finishReply`, …), all given by `Agent` with
 * `machine.provide()`. The loop decisions — the next action (spec §3.5), batching (§3.7), the
 * iteration count — are made here, from the agent state in the context.
 *
 * The hot path — reasoning done → acting, acting done → reasoning — is one transition each: the
 * decision is made by the guards of the done event itself (memoised per event, so the table's
 * guards share one decision) instead of a raised routing event, and the `compressing` state is
 * only entered when the `shouldCompress` guard says the context may be over its trigger.
 *
 * @example
 * const machine = createAgentMachine(); // visualise it, or provide the slots and run it
 */
export function createAgentMachine() {
  const decisions = new WeakMap<object, StepDecision>();

  /** The decision for a routing transition: `context.next` after NEXT; after work, made once per done event. */
  const decisionOf = (context: AgentMachineContext, event: { type: string }): StepDecision => {
    if (!isWorkDone(event)) {
      if (context.next === null) throw new Error("The agent machine routed without a decision.");
      return { next: context.next, counted: false, finalMsg: context.finalMsg };
    }
    let decision = decisions.get(event);
    if (decision === undefined) {
      const { state, name } = context;
      const output = event.output;
      const finalMsg = "finalMsg" in output ? output.finalMsg : context.finalMsg;
      // A round counts once all its calls have results.
      const counted = state.getUnfinishedToolCalls(name).length === 0;
      const next = decide(context, finalMsg, counted ? state.curIter + 1 : state.curIter);
      decision = { next, counted, finalMsg };
      decisions.set(event, decision);
    }
    return decision;
  };

  return setup({
    types: {
      context: {} as AgentMachineContext,
      events: {} as AgentMachineEvent,
      input: {} as AgentMachineInput,
    },
    actors: {
      compress: fromWork<WorkOutput, Record<string, never>>(notProvided("compress")),
      callModel: fromWork<ReasoningOutput, ReasoningInput>(notProvided("callModel")),
      runBatch: fromWork<ActingOutput, ActingInput>(notProvided("runBatch")),
    },
    actions: {
      /** A new reply: take the input messages, start the reply context, emit REPLY_START. */
      beginReply: notProvided("beginReply"),
      /** A resume: apply the confirmation or external results to the parked calls. */
      applyResume: notProvided("applyResume"),
      /** Before reasoning: persist the step's hint in the reply message (none: nothing to do). */
      appendHint: (_args, _params: { hint: HintBlock | null }) => {
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
      decide: assign({
        next: ({ context }) => decide(context, context.finalMsg, context.state.curIter),
      }),
      route: raise({ type: "NEXT" }),
      /** A finished step that completes a round counts it (here, not in applyStep: assign stays pure). */
      countIteration: ({ context, event }) => {
        if (decisionOf(context, event).counted) context.state.curIter += 1;
      },
      /** Takes the step's decision: sets up what the next state needs (pure, as assign must be). */
      applyStep: assign(({ context, event }) => {
        const { next, finalMsg } = decisionOf(context, event);
        const progress = isWorkDone(event) || context.madeProgress;
        switch (next.kind) {
          case "acting":
            return {
              next,
              finalMsg,
              madeProgress: progress,
              batches: batchToolCalls(next.toolCalls, context.isConcurrencySafe),
            };
          case "reasoning":
            return {
              next,
              finalMsg: null,
              madeProgress: progress,
              hint: next.hint,
              toolChoice: next.toolChoice,
            };
          default:
            return { next, finalMsg, madeProgress: progress };
        }
      }),
      scheduleInterruptTimeout: raise(
        { type: "INTERRUPT_TIMEOUT" },
        { delay: "interruptGrace", id: "interrupt-timeout" },
      ),
      cancelInterruptTimeout: cancel("interrupt-timeout"),
    },
    guards: {
      /** The routing decision is this kind (and, for parks, awaits this). */
      nextIs: ({ context, event }, params: { kind: NextAction["kind"]; awaiting?: string }) => {
        const { next } = decisionOf(context, event);
        return (
          next.kind === params.kind &&
          (params.awaiting === undefined ||
            (next.kind === "park" && next.awaiting === params.awaiting))
        );
      },
      /**
       * The context may be over its compression trigger, so the coming reasoning step passes
       * through `compressing`. Provided by the agent, which knows the model and its token counts.
       */
      shouldCompress: () => true,
      isNewReply: ({ event }) => event.type === "REPLY" && event.request.kind === "new",
      /** The state holds a parked reply (the machine may be idle: the agent's state was replaced). */
      isParked: ({ context }) => context.state.hasAwaitingToolCalls(context.name),
      madeProgress: ({ context }) => context.madeProgress,
      interrupted: ({ event }) => isWorkDone(event) && event.output.interrupted,
      moreBatches: ({ context, event }) =>
        isWorkDone(event) &&
        !("parked" in event.output && event.output.parked) &&
        context.batches.length > 1,
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
    states: {
      idle: {
        // A reply ended: no interrupt timer of it may fire into the next one.
        entry: "cancelInterruptTimeout",
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
        invoke: { src: "compress", input: () => ({}) },
        on: {
          ...INTERRUPTIBLE,
          WORK_DONE: [WORK_INTERRUPTED, { target: "reasoning" }],
          WORK_FAILED: FAILED,
        },
      },
      reasoning: {
        invoke: {
          src: "callModel",
          input: ({ context }) => ({ toolChoice: context.toolChoice }),
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
          input: ({ context }) => ({ batch: context.batches[0] as ToolBatch }),
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
