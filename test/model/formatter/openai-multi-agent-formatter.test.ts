import { describe, expect, it } from "vitest";
import { AssistantMsg, SystemMsg, UserMsg } from "../../../src/message/index.js";
import {
  CONVERSATION_HISTORY_PROMPT,
  OpenAIChatModel,
  OpenAIMultiAgentFormatter,
  groupMessages,
} from "../../../src/model/index.js";

describe("OpenAIMultiAgentFormatter", () => {
  it("groups other agents' messages into <history> with names and keeps tool sequences native", async () => {
    const wire = await new OpenAIMultiAgentFormatter().format([
      new SystemMsg({ name: "system", content: "You are Bob in a debate." }),
      new UserMsg({ name: "moderator", content: "Topic: tabs or spaces?" }),
      new AssistantMsg({ name: "Alice", content: "Tabs." }),
      new AssistantMsg({
        name: "Bob",
        content: [
          { type: "tool_call", id: "c1", name: "Search", input: '{"q":"tabs"}' },
          { type: "tool_result", id: "c1", name: "Search", output: "found", state: "success" },
        ],
      }),
      new AssistantMsg({
        name: "Alice",
        content: [
          { type: "thinking", thinking: "not shown" },
          { type: "text", text: "Still tabs." },
          { type: "hint", hint: "<system-reminder>2 minutes left</system-reminder>" },
        ],
      }),
    ]);
    expect(wire).toEqual([
      { role: "system", content: "You are Bob in a debate." },
      {
        role: "user",
        content: `${CONVERSATION_HISTORY_PROMPT}<history>\nmoderator: Topic: tabs or spaces?\nAlice: Tabs.\n</history>`,
      },
      {
        role: "assistant",
        name: "Bob",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "Search", arguments: '{"q":"tabs"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "found" },
      {
        role: "user",
        content:
          "<history>\nAlice: Still tabs.\n<system-reminder>2 minutes left</system-reminder>\n</history>",
      },
    ]);
  });

  it("puts images after the history text", async () => {
    const wire = await new OpenAIMultiAgentFormatter().format([
      new UserMsg({
        name: "user",
        content: [
          { type: "text", text: "see" },
          { type: "data", source: { type: "base64", data: "QQ==", media_type: "image/png" } },
        ],
      }),
    ]);
    expect(wire).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: `${CONVERSATION_HISTORY_PROMPT}<history>\nuser: see\n</history>` },
          { type: "image_url", image_url: { url: "data:image/png;base64,QQ==" } },
        ],
      },
    ]);
  });

  it("is chosen per model with formatter: 'multi-agent'", () => {
    const model = new OpenAIChatModel({
      model: "m",
      apiKey: "k",
      baseURL: "http://127.0.0.1:9/v1",
      formatter: "multi-agent",
    });
    expect(model.formatter).toBeInstanceOf(OpenAIMultiAgentFormatter);
  });
});

describe("groupMessages", () => {
  it("splits runs of tool sequences and plain agent messages", () => {
    const plain = new UserMsg({ name: "u", content: "a" });
    const tools = new AssistantMsg({
      name: "b",
      content: [{ type: "tool_call", id: "1", name: "t", input: "{}" }],
    });
    expect(
      groupMessages([plain, plain, tools, tools, plain]).map((g) => [g.kind, g.messages.length]),
    ).toEqual([
      ["agent_message", 2],
      ["tool_sequence", 2],
      ["agent_message", 1],
    ]);
  });
});
