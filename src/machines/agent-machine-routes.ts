import { and } from "xstate";
import { newId, now, type Msg } from "../message/index.js";
import type {
  ActingOutput,
  AgentMachineContext,
  AgentMachineEvent,
  ReasoningOutput,
} from "./agent-machine-types.js";
import { decideNextAction, type NextAction } from "./next-action.js";

/*
 * The agent statechart's routing: the transitions of spec §3.5's table, and the pieces the
 * machine's states share (see `createAgentMachine`).
 */

/**
 * While work runs, INTERRUPT asks it to stop (it ends with its interrupted tail); if it has not
 * within `interruptGrace`, the agent ends the reply without it. A repeated INTERRUPT restarts the
 * one timer (XState keeps one timer per id only if the old one is cancelled first: a second
 * schedule would leave the first to fire into a later reply).
 */
export const INTERRUPTIBLE = {
  INTERRUPT: { actions: ["abortWork", "cancelInterruptTimeout", "scheduleInterruptTimeout"] },
  INTERRUPT_TIMEOUT: { target: "idle", actions: "endInterrupted" },
} as const;

export const notProvided = (slot: string) => () => {
  throw new Error(`The agent machine's '${slot}' slot was not provided (use machine.provide()).`);
};

/** The decision of spec §3.5 for the machine's agent, with this final candidate and count. */
export function decide(
  context: AgentMachineContext,
  finalMsg: Msg | null,
  curIter: number,
): NextAction {
  return decideNextAction({
    state: context.host.state,
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
export interface StepDecision {
  readonly next: NextAction;
  /** The finished step completes a round: `cur_iter` grows by one (spec §3.3). */
  readonly counted: boolean;
  readonly finalMsg: Msg | null;
}

/** A done event of reasoning or acting work. */
export interface WorkDoneEvent {
  readonly type: string;
  readonly output: ReasoningOutput | ActingOutput;
}

export const isWorkDone = (event: { type: string }): event is WorkDoneEvent =>
  event.type === "WORK_DONE";

/** Before reasoning: the step's hint, if it has one, goes into the reply message. */
export const withHint = {
  type: "appendHint",
  params: ({ context }: { context: AgentMachineContext }) => ({ hint: context.hint }),
} as const;

/** The transitions of the routing table of spec §3.5 (exclusive: their order does not matter). */
export const TO_ACTING = {
  guard: { type: "nextIs", params: { kind: "acting" } },
  target: "acting",
  reenter: true,
  actions: ["countIteration", "applyStep"],
} as const;
export const TO_COMPRESSING = {
  guard: and([{ type: "nextIs", params: { kind: "reasoning" as const } }, "shouldCompress"]),
  target: "compressing",
  actions: ["countIteration", "applyStep", withHint],
} as const;
export const TO_REASONING = {
  guard: { type: "nextIs", params: { kind: "reasoning" } },
  target: "reasoning",
  reenter: true,
  actions: ["countIteration", "applyStep", withHint],
} as const;
export const TO_PARK = [
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
export const TO_EXIT = {
  target: "idle",
  actions: ["countIteration", "applyStep", { type: "finishReply", params: finishParams }],
} as const;

/**
 * The routing table, shared by the states that decide: after NEXT (a reply began, resumed or
 * continues) and after reasoning. After acting the likely next step (reasoning) is tried first.
 */
export const ROUTES = [TO_ACTING, TO_COMPRESSING, TO_REASONING, ...TO_PARK, TO_EXIT] as const;
export const ROUTES_AFTER_ACTING = [
  TO_COMPRESSING,
  TO_REASONING,
  TO_ACTING,
  ...TO_PARK,
  TO_EXIT,
] as const;

export function parkParams({ context }: { context: AgentMachineContext }): { msg: Msg } {
  const next = context.next;
  if (next?.kind !== "park") throw new Error("The agent machine parked without a park decision.");
  return { msg: next.msg };
}

export function finishParams({ context }: { context: AgentMachineContext }): {
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
export const REPLY_AT_REST = [
  { guard: "isNewReply", actions: ["beginReply", "resetReply", "decide", "route"] },
  { actions: ["applyResume", "resetReply", "decide", "route"] },
] as const;

/** Interrupted work has emitted its tail: end the reply. */
export const WORK_INTERRUPTED = {
  guard: "interrupted",
  target: "idle",
  actions: ["cancelInterruptTimeout", "endInterrupted"],
} as const;

/** Failed work: the reply call rejects with the error (no REPLY_END). */
export const FAILED = {
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
