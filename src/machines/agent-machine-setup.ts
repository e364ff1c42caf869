import { assign, cancel, raise, setup } from "xstate";
import type { HintBlock, Msg } from "../message/index.js";
import { decide, isWorkDone, notProvided, type StepDecision } from "./agent-machine-routes.js";
import type {
  ActingInput,
  ActingOutput,
  AgentMachineContext,
  AgentMachineEvent,
  AgentMachineInput,
  ReasoningInput,
  ReasoningOutput,
  WorkInput,
  WorkOutput,
} from "./agent-machine-types.js";
import { batchToolCalls } from "./batching.js";
import type { NextAction } from "./next-action.js";
import { fromWork } from "./work-actor.js";

/**
 * The agent statechart's implementations (see `createAgentMachine`): its types, the slots the
 * agent provides (`compress`, `callModel`, `runBatch` and the effect actions), and the actions,
 * guards and delays the machine defines itself. The loop decision of a step is made once per
 * done event and shared by the guards and actions of its transition.
 */
export function agentMachineSetup() {
  const decisions = new WeakMap<object, StepDecision>();

  /** The decision for a routing transition: `context.next` after NEXT; after work, made once per done event. */
  const decisionOf = (context: AgentMachineContext, event: { type: string }): StepDecision => {
    if (!isWorkDone(event)) {
      if (context.next === null) throw new Error("The agent machine routed without a decision.");
      return { next: context.next, counted: false, finalMsg: context.finalMsg };
    }
    let decision = decisions.get(event);
    if (decision === undefined) {
      const { name } = context;
      const state = context.host.state;
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
      compress: fromWork<WorkOutput, WorkInput>(notProvided("compress")),
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
      /** At rest: the step's leftovers go (`madeProgress` stays: CONTINUE reads it). */
      clearStep: assign({ finalMsg: null, next: null, batches: [], hint: null, toolChoice: null }),
      decide: assign({
        next: ({ context }) => decide(context, context.finalMsg, context.host.state.curIter),
      }),
      route: raise({ type: "NEXT" }),
      /** A finished step that completes a round counts it (here, not in applyStep: assign stays pure). */
      countIteration: ({ context, event }) => {
        if (decisionOf(context, event).counted) context.host.countIteration();
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
              batches: batchToolCalls(next.toolCalls, context.host),
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
      isParked: ({ context }) => context.host.state.hasAwaitingToolCalls(context.name),
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
  });
}
