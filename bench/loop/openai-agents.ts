import {
  Agent,
  Usage,
  run,
  setTracingDisabled,
  tool,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from "@openai/agents";
import { z } from "zod";
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
 * A zero-latency fake of `@openai/agents`' `Model`: for each run, {@link STEPS} responses of one
 * function call each, then an assistant message. Items are built fresh per call, in the shapes of
 * the SDK's own testing helpers (`functionCall`, `assistantMessage`).
 */
class FakeModel implements Model {
  #calls = 0;

  getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const step = this.#calls % (STEPS + 1);
    this.#calls += 1;
    const output: ModelResponse["output"] =
      step < STEPS
        ? [
            {
              type: "function_call",
              callId: `call_${step + 1}`,
              id: `call_${step + 1}`,
              name: TOOL_NAME,
              status: "completed",
              arguments: "{}",
            },
          ]
        : [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: FINAL_TEXT }],
            },
          ];
    return Promise.resolve({
      usage: new Usage({ requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }),
      output,
      responseId: `resp_${this.#calls}`,
    });
  }

  getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    throw new Error("The loop benchmark runs @openai/agents without streaming.");
  }
}

/**
 * `@openai/agents` 0.20.0: its `run(agent, input)` (non-streamed) with the fake model and a no-op
 * `tool()` with zod parameters. Tracing is switched off (`setTracingDisabled(true)`), as actorscope
 * runs without its tracing middleware: neither side pays for spans.
 */
export const openaiAgents: LoopContender = {
  setup: "run(agent, input), fake Model.getResponse, tool() with zod parameters, tracing off",
  prepare(): Promise<LoopSession> {
    setTracingDisabled(true);
    let toolCalls = 0;
    const noop = tool({
      name: TOOL_NAME,
      description: "Does nothing.",
      parameters: z.object({}),
      execute: () => {
        toolCalls += 1;
        return TOOL_OUTPUT;
      },
    });
    const agent = new Agent({
      name: "bench",
      instructions: "You are a benchmark.",
      model: new FakeModel(),
      tools: [noop],
    });
    return Promise.resolve({
      reply: async () => {
        const result = await run(agent, USER_INPUT);
        return String(result.finalOutput);
      },
      get toolCalls() {
        return toolCalls;
      },
    });
  },
};
