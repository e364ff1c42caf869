import { describe, expect, it } from "vitest";
import { AssistantMsg, UserMsg, pythonJsonDumps } from "../../src/message/index.js";
import {
  DATA_BLOCK_TOKENS,
  ScriptedModel,
  estimateTokens,
  type ToolSchema,
} from "../../src/model/index.js";

const image = {
  type: "data",
  source: { type: "base64", data: "aGk=", media_type: "image/png" },
} as const;

describe("estimateTokens (spec §8.1)", () => {
  it("counts 400 ASCII characters as 100 tokens (spec §11 behaviour 118)", () => {
    expect(estimateTokens([new UserMsg({ name: "user", content: "a".repeat(400) })])).toBe(100);
  });

  it("adds 2000 per data block (spec §11 behaviour 118)", () => {
    const msg = new UserMsg({
      name: "user",
      content: [{ type: "text", text: "a".repeat(400) }, image],
    });
    expect(estimateTokens([msg])).toBe(100 + DATA_BLOCK_TOKENS);
  });

  it("counts data blocks inside hints and tool results too", () => {
    const msg = new AssistantMsg({
      name: "agent",
      content: [
        { type: "hint", hint: [{ type: "text", text: "abcd" }, image] },
        {
          type: "tool_result",
          id: "c",
          name: "t",
          output: [image, { type: "text", text: "efgh" }],
        },
      ],
    });
    expect(estimateTokens([msg])).toBe(2 + 2 * DATA_BLOCK_TOKENS);
  });

  it("counts text, thinking, hints, tool inputs and tool outputs, but not names, roles or ids", () => {
    const msg = new AssistantMsg({
      name: "a-very-long-agent-name-that-is-not-counted",
      content: [
        { type: "text", text: "1234" },
        { type: "thinking", thinking: "5678" },
        { type: "hint", hint: "abcd" },
        { type: "tool_call", id: "call-with-a-long-id", name: "ToolName", input: "{}{}" },
        { type: "tool_result", id: "call-with-a-long-id", name: "ToolName", output: "wxyz" },
      ],
    });
    expect(estimateTokens([msg])).toBe(5);
  });

  it("counts UTF-8 bytes and rounds half up", () => {
    const say = (text: string): number =>
      estimateTokens([new UserMsg({ name: "u", content: text })]);
    expect(say("éééé")).toBe(2); // 8 bytes
    expect(say("ab")).toBe(1); // 0.5 rounds up
    expect(say("a")).toBe(0); // 0.25 rounds down
    expect(say("你好")).toBe(2); // 6 bytes → 1.5 → 2
  });

  it("adds the tool schemas serialised with Python's json.dumps spacing", () => {
    const tools: ToolSchema[] = [
      {
        type: "function",
        function: { name: "f", description: "d", parameters: { type: "object" } },
      },
    ];
    const json = pythonJsonDumps(tools);
    expect(json).toBe(
      '[{"type": "function", "function": {"name": "f", "description": "d", "parameters": {"type": "object"}}}]',
    );
    expect(estimateTokens([], tools)).toBe(Math.floor(Buffer.byteLength(json) / 4 + 0.5));
    expect(estimateTokens([], [])).toBe(0);
  });

  it("is what a model's countTokens gives", async () => {
    const model = new ScriptedModel({ responses: [] });
    const msgs = [
      new UserMsg({ name: "u", content: [{ type: "text", text: "a".repeat(400) }, image] }),
    ];
    expect(await model.countTokens(msgs)).toBe(2100);
    expect(model.contextSize).toBe(32768);
  });
});
