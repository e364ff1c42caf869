import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import type { BaseLanguageModelInput, ToolDefinition } from "@langchain/core/language_models/base";
import {
  AIMessage,
  HumanMessage,
  type AIMessageChunk,
  type BaseMessage,
} from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { tool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
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

/** Call options with the bound tools, as a provider model's (`ChatOpenAI`'s `tools`) carry them. */
interface ScriptedCallOptions extends BaseChatModelCallOptions {
  tools?: ToolDefinition[];
}

/**
 * A zero-latency chat model: for each reply, {@link STEPS} answers of one `noop` tool call each,
 * then the text {@link FINAL_TEXT}. Messages are built fresh per call, as a provider's client does.
 *
 * Our own class because none of `@langchain/core/utils/testing`'s fakes fits: `FakeListChatModel`
 * answers text only, and `FakeStreamingChatModel`'s `_generate` returns the same tool calls on every
 * call. `bindTools` binds the OpenAI-format tool list as call options with `withConfig`, as those
 * fakes and the provider models do, so the binding layer real models go through is timed too.
 */
class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  #calls = 0;

  _llmType(): string {
    return "bench-scripted";
  }

  override bindTools(
    tools: BindToolsInput[],
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, ScriptedCallOptions> {
    return this.withConfig({ tools: tools.map((t) => convertToOpenAITool(t)) });
  }

  _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    const step = this.#calls % (STEPS + 1);
    this.#calls += 1;
    const message =
      step < STEPS
        ? new AIMessage({
            content: "",
            tool_calls: [{ type: "tool_call", id: `call_${step + 1}`, name: TOOL_NAME, args: {} }],
          })
        : new AIMessage({ content: FINAL_TEXT });
    return Promise.resolve({ generations: [{ message, text: step < STEPS ? "" : FINAL_TEXT }] });
  }
}

/**
 * `@langchain/langgraph` 1.7.3's prebuilt `createReactAgent` (`@langchain/core` 1.4.0): the graph's
 * `invoke({ messages })` with the scripted chat model and a no-op `tool()` with zod parameters. No
 * checkpointer, so each reply starts from an empty state, as each `run` of @openai/agents does;
 * LangSmith tracing is off (its default without `LANGSMITH_TRACING`), and no callbacks are set.
 */
export const langgraph: LoopContender = {
  setup:
    "createReactAgent({ llm, tools }).invoke({ messages }), BaseChatModel fake, tool() with zod",
  prepare(): Promise<LoopSession> {
    let toolCalls = 0;
    const noop = tool(
      () => {
        toolCalls += 1;
        return TOOL_OUTPUT;
      },
      { name: TOOL_NAME, description: "Does nothing.", schema: z.object({}) },
    );
    // LangGraph's own prebuilt agent, as the issue names it; its deprecation points to `createAgent`
    // of the separate `langchain` package, a middleware layer over this same graph.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    const agent = createReactAgent({
      llm: new ScriptedChatModel({}),
      tools: [noop],
      prompt: "You are a benchmark.",
    });
    return Promise.resolve({
      reply: async () => {
        const result = await agent.invoke({ messages: [new HumanMessage(USER_INPUT)] });
        const last = result.messages.at(-1);
        return typeof last?.content === "string" ? last.content : "";
      },
      get toolCalls() {
        return toolCalls;
      },
    });
  },
};
