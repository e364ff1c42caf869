import { createActor } from "xstate";
import { AssistantMsg, UserMsg, type ToolCallBlock } from "../../src/message/index.js";
import {
  createAgentMachine,
  fromWork,
  type ActingInput,
  type ActingOutput,
  type ReasoningInput,
  type ReasoningOutput,
  type WorkInput,
  type WorkOutput,
} from "../../src/machines/index.js";
import { AgentState } from "../../src/state/index.js";
import {
  FINAL_TEXT,
  STEPS,
  TOOL_NAME,
  TOOL_OUTPUT,
  USER_INPUT,
  type LoopContender,
  type LoopSession,
} from "./scenario.js";

const NAME = "bench";
const AT = "2026-01-01T00:00:00.000Z";

/**
 * actorscope's statechart alone: `createAgentMachine()` with slots that only append the scripted
 * blocks to the state (no model, toolkit, permission engine or events). Its distance to the
 * floor is what the statechart costs; its distance to the full agent is what the agent's work
 * (events, tool pipeline, messages) costs.
 */
export const machineOnly: LoopContender = {
  setup: "createAgentMachine() with slots appending the scripted blocks, no agent around it",
  prepare(): Promise<LoopSession> {
    const state = new AgentState();
    let step = 0;
    let toolCalls = 0;
    let pending: ((text: string) => void) | null = null;
    const machine = createAgentMachine().provide({
      actors: {
        compress: fromWork<WorkOutput, WorkInput>(() => Promise.resolve({ interrupted: false })),
        callModel: fromWork<ReasoningOutput, ReasoningInput>(() => {
          step += 1;
          if (step > STEPS) {
            const finalMsg = new AssistantMsg({
              name: NAME,
              id: state.replyId,
              content: FINAL_TEXT,
            });
            return Promise.resolve({ interrupted: false, finalMsg });
          }
          const call: ToolCallBlock = {
            type: "tool_call",
            id: `call_${step}`,
            name: TOOL_NAME,
            input: "{}",
            state: "pending",
            suggested_rules: [],
            created_at: AT,
            finished_at: null,
          };
          state.appendContext(NAME, [call]);
          return Promise.resolve({ interrupted: false, finalMsg: null });
        }),
        runBatch: fromWork<ActingOutput, ActingInput>((input) => {
          for (const call of input.batch.calls) {
            toolCalls += 1;
            call.state = "finished";
            state.appendContext(NAME, [
              {
                type: "tool_result",
                id: call.id,
                name: call.name,
                output: TOOL_OUTPUT,
                state: "success",
                metadata: {},
                created_at: AT,
                finished_at: AT,
              },
            ]);
          }
          return Promise.resolve({ interrupted: false, parked: false });
        }),
      },
      guards: { shouldCompress: () => false },
      actions: {
        beginReply: ({ event }) => {
          if (event.type === "REPLY" && event.request.kind === "new")
            state.context.push(...event.request.msgs);
          state.reply_context = {
            reply_id: "reply",
            cur_iter: 0,
            structured_schema: null,
            structured_output: null,
          };
          step = 0;
        },
        applyResume: () => undefined,
        appendHint: () => undefined,
        parkReply: () => undefined,
        finishReply: (_, params) => {
          const resolve = pending;
          pending = null;
          resolve?.(params.msg.getTextContent() ?? "");
        },
        endInterrupted: () => undefined,
        failReply: (_, params) => {
          throw params.error;
        },
        abortWork: () => undefined,
      },
    });
    const actor = createActor(machine, {
      input: {
        name: NAME,
        maxIters: STEPS + 1,
        graceIters: 0,
        host: {
          state,
          isConcurrencySafe: () => true,
          countIteration: () => {
            state.curIter += 1;
          },
        },
      },
    });
    actor.start();
    return Promise.resolve({
      reply: () =>
        new Promise<string>((resolve) => {
          state.context.length = 0;
          pending = resolve;
          actor.send({
            type: "REPLY",
            request: { kind: "new", msgs: [new UserMsg({ name: "user", content: USER_INPUT })] },
          });
        }),
      get toolCalls() {
        return toolCalls;
      },
    });
  },
};
