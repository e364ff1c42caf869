import type {
  ExternalExecutionResultEvent,
  HintBlock,
  Msg,
  UserConfirmResultEvent,
} from "../message/index.js";
import type { ToolChoice } from "../model/index.js";
import type { AgentState } from "../state/index.js";
import type { ToolBatch } from "./batching.js";
import type { NextAction } from "./next-action.js";

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

/**
 * What the statechart reads of the one running it (the `Agent`'s runtime): the live agent state
 * its decisions read, and which tools may run together. The machine's context keeps only this
 * reference besides plain values, so a snapshot is a value: `getPersistedSnapshot()` plus
 * `state.toJSON()` describe a parked agent (the agent's host reference shows only its id).
 *
 * The provided slots reach whatever else the host offers through it (actions from the context,
 * work actors from their input), so one provided machine serves every agent instead of a
 * machine — its whole state-node tree — per agent.
 */
export interface LoopHost {
  /** The agent state (the host's; the machine counts iterations through {@link countIteration}). */
  readonly state: AgentState;
  /** Whether calls of this tool may run together (unknown tools: true, spec §3.7). */
  isConcurrencySafe(toolName: string): boolean;
  /** A finished step completed a round: `cur_iter` grows by one (spec §3.3). */
  countIteration(): void;
}

export interface AgentMachineInput {
  name: string;
  maxIters: number;
  graceIters: number;
  host: LoopHost;
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

/** The context of a machine at rest with this input (no step under way): where every reply starts. */
export function restingContext(input: AgentMachineInput): AgentMachineContext {
  return {
    ...input,
    finalMsg: null,
    madeProgress: true,
    next: null,
    batches: [],
    hint: null,
    toolChoice: null,
  };
}

/** What each kind of work reports when it ends. Interrupted work has already emitted its tail. */
export interface WorkOutput {
  interrupted: boolean;
}
/** What every work slot gets: the machine's host (see {@link LoopHost}). */
export interface WorkInput {
  host: LoopHost;
}
/** What the `callModel` slot gets: the tool choice of the coming step. */
export interface ReasoningInput extends WorkInput {
  toolChoice: ToolChoice | null;
}
/** What the `runBatch` slot gets: the batch to run. */
export interface ActingInput extends WorkInput {
  batch: ToolBatch;
}
export interface ReasoningOutput extends WorkOutput {
  finalMsg: Msg | null;
}
export interface ActingOutput extends WorkOutput {
  /** A call now waits for a user confirmation or an external result: run no further batch. */
  parked: boolean;
}
