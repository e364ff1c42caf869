import { z } from "zod";
import {
  Agent,
  FunctionTool,
  ScriptedModel,
  Toolkit,
  UserMsg,
  type ScriptedTurn,
} from "../../src/index.js";
import {
  FINAL_TEXT,
  STEPS,
  TOOL_NAME,
  TOOL_OUTPUT,
  USER_INPUT,
  type LoopContender,
  type LoopSession,
} from "./scenario.js";

/**
 * Fixed usage figures, as @openai/agents' fake model returns: without them the double would
 * estimate the tokens of its whole input on every call, a cost of the test model, not of the loop.
 */
const USAGE = { input_tokens: 100, output_tokens: 10 };

/** One reply's script: a call of the no-op tool per step (ids minted by the model), then text. */
const REPLY_SCRIPT: readonly ScriptedTurn[] = [
  ...Array.from({ length: STEPS }, () => ({
    toolCalls: [{ name: TOOL_NAME, input: {} }],
    usage: USAGE,
  })),
  { text: FINAL_TEXT, usage: USAGE },
];

/**
 * actorscope's `Agent` with a zero-latency `ScriptedModel` and a no-op `FunctionTool` that a
 * permission rule allows (so every call goes through the permission engine, as in real use).
 *
 * The script is a list of `replies × 6` turns, parsed once when the model is built, so no turn is
 * validated while timing (a responder function's object turns are zod-checked per call: a cost of
 * the test double, not of the loop). Between replies the conversation is emptied, so every reply
 * starts from the same context, as each `run` of @openai/agents does.
 *
 * `stream: false` is the like-for-like setting (@openai/agents' `run` without streaming calls
 * `getResponse`, one whole response per step); `stream: true` adds the delta events.
 */
export function actorscopeContender(options: { stream: boolean }): LoopContender {
  return {
    setup: `Agent.reply, ScriptedModel({ stream: ${options.stream} }), FunctionTool allowed by a rule, injectRuntimeState off`,
    prepare(replies: number): Promise<LoopSession> {
      let toolCalls = 0;
      const noop = new FunctionTool({
        name: TOOL_NAME,
        description: "Does nothing.",
        parameters: z.object({}),
        fn: () => {
          toolCalls += 1;
          return TOOL_OUTPUT;
        },
      });
      const agent = new Agent({
        name: "bench",
        systemPrompt: "You are a benchmark.",
        model: new ScriptedModel({
          responses: Array.from({ length: replies }, () => REPLY_SCRIPT).flat(),
          stream: options.stream,
        }),
        toolkit: new Toolkit({ tools: [noop] }),
        state: {
          permission_context: {
            allow_rules: {
              [TOOL_NAME]: [
                { tool_name: TOOL_NAME, rule_content: null, behavior: "allow", source: "bench" },
              ],
            },
          },
        },
        injectionConfig: { injectRuntimeState: false },
      });
      return Promise.resolve({
        reply: async () => {
          agent.state.context.length = 0;
          const msg = await agent.reply(new UserMsg({ name: "user", content: USER_INPUT }));
          return msg.getTextContent() ?? "";
        },
        get toolCalls() {
          return toolCalls;
        },
      });
    },
  };
}
