/**
 * The agent statechart on its own: `createAgentMachine()` with work slots built by `fromWork`,
 * run by XState with an inspector printing every state it enters. The slots here only script the
 * state (a tool round, then an answer); `Agent` provides real ones (model calls, tool batches).
 *
 * Run it: npx tsx --conditions=actorscope-source examples/statechart.ts
 */
import { createActor } from "xstate";
import {
  AgentState,
  AssistantMsg,
  UserMsg,
  createAgentMachine,
  fromWork,
  type ActingInput,
  type ActingOutput,
  type ReasoningInput,
  type ReasoningOutput,
  type WorkInput,
  type WorkOutput,
} from "actorscope";

const NAME = "Friday";
const state = new AgentState();
let modelCalls = 0;

const machine = createAgentMachine().provide({
  actors: {
    compress: fromWork<WorkOutput, WorkInput>(() => Promise.resolve({ interrupted: false })),
    // First call: ask for one tool call; second call: answer.
    callModel: fromWork<ReasoningOutput, ReasoningInput>(() => {
      modelCalls += 1;
      if (modelCalls === 1) {
        state.appendContext(NAME, [
          {
            type: "tool_call",
            id: "call_1",
            name: "clock",
            input: "{}",
            state: "allowed",
            suggested_rules: [],
            created_at: new Date().toISOString(),
            finished_at: null,
          },
        ]);
        return Promise.resolve({ interrupted: false, finalMsg: null });
      }
      const finalMsg = new AssistantMsg({ name: NAME, id: state.replyId, content: "It is noon." });
      return Promise.resolve({ interrupted: false, finalMsg });
    }),
    runBatch: fromWork<ActingOutput, ActingInput>(() => {
      for (const call of state.getUnfinishedToolCalls(NAME)) {
        call.state = "finished";
        state.appendContext(NAME, [
          {
            type: "tool_result",
            id: call.id,
            name: call.name,
            output: "12:00",
            state: "success",
            metadata: {},
            created_at: new Date().toISOString(),
            finished_at: new Date().toISOString(),
          },
        ]);
      }
      return Promise.resolve({ interrupted: false, parked: false });
    }),
  },
  actions: {
    beginReply: ({ event }) => {
      if (event.type === "REPLY" && event.request.kind === "new")
        state.context.push(...event.request.msgs);
      state.reply_context = {
        reply_id: "reply_1",
        cur_iter: 0,
        structured_schema: null,
        structured_output: null,
      };
    },
    applyResume: () => undefined,
    appendHint: () => undefined,
    parkReply: () => undefined,
    finishReply: (_, { reason, msg }) => {
      console.log(`finished (${reason}): ${msg.getTextContent() ?? ""}`);
    },
    endInterrupted: () => undefined,
    failReply: (_, { error }) => {
      console.error("failed:", error);
    },
    abortWork: () => undefined,
  },
});

let last = "";
const actor = createActor(machine, {
  input: {
    name: NAME,
    maxIters: 10,
    graceIters: 1,
    // What the machine reads of its runner: the state, tool facts, and the iteration count.
    host: {
      state,
      isConcurrencySafe: () => true,
      countIteration: () => {
        state.curIter += 1;
      },
    },
  },
  inspect: (event) => {
    if (event.type !== "@xstate.snapshot" || event.actorRef !== actor) return;
    const value = String((event.snapshot as { value?: unknown }).value);
    if (value !== last) console.log(`→ ${value}`);
    last = value;
  },
});
actor.start();
actor.send({
  type: "REPLY",
  request: { kind: "new", msgs: [new UserMsg({ name: "user", content: "What time is it?" })] },
});
