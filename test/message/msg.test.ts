import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AssistantMsg,
  Msg,
  MsgSchema,
  SystemMsg,
  UserMsg,
  ValidationError,
  type ContentBlockInput,
} from "../../src/index.js";
import { useDeterministicIdentity } from "../../src/testing.js";

const thinking: ContentBlockInput = { type: "thinking", thinking: "hmm" };
const hint: ContentBlockInput = { type: "hint", hint: "x" };
const toolCall: ContentBlockInput = { type: "tool_call", id: "c1", name: "Bash", input: "{}" };
const toolResult: ContentBlockInput = { type: "tool_result", id: "c1", name: "Bash", output: "ok" };
const data: ContentBlockInput = {
  type: "data",
  source: { type: "base64", data: "YWJj", media_type: "image/png" },
};

describe("Msg", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = useDeterministicIdentity();
  });
  afterEach(() => {
    restore();
  });

  it("§11.1 UserMsg wraps a string into one text block and is finished when created", () => {
    const msg = new UserMsg({ name: "u", content: "hi" });
    expect(msg.role).toBe("user");
    expect(msg.content).toHaveLength(1);
    expect(msg.content[0]).toMatchObject({ type: "text", text: "hi", finished_at: null });
    expect(msg.finished_at).toBe(msg.created_at);
    expect(msg.finished_at).not.toBeNull();
  });

  it("§11.1 AssistantMsg leaves finished_at null; SystemMsg is finished when created", () => {
    expect(new AssistantMsg({ name: "a", content: "x" }).finished_at).toBeNull();
    const sys = new SystemMsg({ name: "s", content: "be brief" });
    expect(sys.finished_at).toBe(sys.created_at);
  });

  it("§1.2 factory defaults: ids are 32-char hex, timestamps ISO, empty metadata", () => {
    restore();
    const msg = new UserMsg({ name: "u", content: "hi" });
    expect(msg.id).toMatch(/^[0-9a-f]{32}$/);
    expect(msg.content[0]?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(msg.created_at).toISOString()).toBe(msg.created_at);
    expect(msg).toMatchObject({
      metadata: {},
      usage: null,
      finished_reason: null,
      structured_output: null,
      error: null,
    });
    restore = useDeterministicIdentity();
  });

  it.each([
    ["thinking", thinking],
    ["hint", hint],
    ["tool_call", toolCall],
    ["tool_result", toolResult],
  ])("§11.2 a user message with a %s block is rejected", (_name, block) => {
    expect(() => new Msg({ name: "u", role: "user", content: [block] })).toThrow(ValidationError);
    expect(() => new Msg({ name: "u", role: "user", content: [block] })).toThrow(
      "User message can only contain text blocks or data blocks.",
    );
  });

  it("§11.2 a user message may hold text and data blocks", () => {
    const msg = new Msg({ name: "u", role: "user", content: [{ type: "text", text: "a" }, data] });
    expect(msg.content.map((b) => b.type)).toEqual(["text", "data"]);
  });

  it("§11.3 a system message with a data block is rejected with the exact text", () => {
    let error: unknown;
    try {
      new Msg({ name: "s", role: "system", content: [data] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe("System message can only contain text blocks.");
    expect((error as ValidationError).code).toBe("VALIDATION_FAILED");
    expect((error as ValidationError).issues[0]?.path).toBe("content.0.type");
  });

  it("§11.3 an assistant message may hold every block type", () => {
    const all = [thinking, hint, toolCall, toolResult, data, { type: "text", text: "t" }] as const;
    expect(new AssistantMsg({ name: "a", content: [...all] }).content).toHaveLength(6);
  });

  it("§11.4 getTextContent is null without text and joins text blocks with a newline", () => {
    expect(new AssistantMsg({ name: "a", content: [thinking] }).getTextContent()).toBeNull();
    const two = new AssistantMsg({
      name: "a",
      content: [{ type: "text", text: "a" }, thinking, { type: "text", text: "b" }],
    });
    expect(two.getTextContent()).toBe("a\nb");
    expect(two.getTextContent(" | ")).toBe("a | b");
  });

  it("§1.2 getContentBlocks and hasContentBlocks filter by one type or several", () => {
    const msg = new AssistantMsg({
      name: "a",
      content: [{ type: "text", text: "a" }, thinking, toolCall],
    });
    expect(msg.getContentBlocks()).toHaveLength(3);
    expect(msg.getContentBlocks("tool_call").map((b) => b.name)).toEqual(["Bash"]);
    expect(msg.getContentBlocks(["text", "thinking"]).map((b) => b.type)).toEqual([
      "text",
      "thinking",
    ]);
    expect(msg.hasContentBlocks()).toBe(true);
    expect(msg.hasContentBlocks("data")).toBe(false);
    expect(msg.hasContentBlocks(["data", "tool_call"])).toBe(true);
    expect(new AssistantMsg({ name: "a", content: [] }).hasContentBlocks()).toBe(false);
  });

  it("§11.5 a hint block is finished when made; a text block is not", () => {
    const msg = new AssistantMsg({ name: "a", content: [hint, { type: "text", text: "x" }] });
    expect(msg.content[0]?.finished_at).not.toBeNull();
    expect(msg.content[1]?.finished_at).toBeNull();
  });

  it("§1.1 thinking blocks keep provider extras (redacted thinking)", () => {
    const msg = new AssistantMsg({
      name: "a",
      content: [
        { type: "thinking", thinking: "", redacted_thinking_data: "opaque", signature: "s" },
      ],
    });
    const json = JSON.parse(JSON.stringify(msg)) as { content: Record<string, unknown>[] };
    expect(json.content[0]).toMatchObject({ redacted_thinking_data: "opaque", signature: "s" });
  });

  it("§1.1 URL sources are validated and normalised like a URL parser", () => {
    const msg = new UserMsg({
      name: "u",
      content: [
        { type: "data", source: { type: "url", url: "file://tmp.txt", media_type: "text/plain" } },
      ],
    });
    const block = msg.getContentBlocks("data")[0];
    expect(block?.source).toEqual({
      type: "url",
      url: "file://tmp.txt/",
      media_type: "text/plain",
    });
    expect(
      () =>
        new UserMsg({
          name: "u",
          content: [{ type: "data", source: { type: "url", url: "not a url", media_type: "x" } }],
        }),
    ).toThrow(/content\.0\.source\.url/);
  });

  it("round-trips through toJSON and Msg.fromJSON with wire names", () => {
    const msg = new AssistantMsg({
      name: "a",
      content: [{ type: "text", text: "hi" }, toolCall, toolResult, data, hint, thinking],
      usage: { input_tokens: 3, output_tokens: 4 },
      structured_output: { answer: 42 },
      finished_reason: "completed",
    });
    const json = JSON.parse(JSON.stringify(msg)) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(
      [
        "content",
        "created_at",
        "error",
        "finished_at",
        "finished_reason",
        "id",
        "metadata",
        "name",
        "role",
        "structured_output",
        "usage",
      ].sort(),
    );
    expect(json["usage"]).toEqual({
      input_tokens: 3,
      output_tokens: 4,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    const back = Msg.fromJSON(json);
    expect(back.toJSON()).toEqual(msg.toJSON());
    expect(MsgSchema.parse(json)).toEqual(msg.toJSON());
  });

  it("toJSON is a copy: mutating it leaves the message alone", () => {
    const msg = new UserMsg({ name: "u", content: "hi" });
    const json = msg.toJSON();
    (json.content[0] as { text: string }).text = "changed";
    expect(msg.getTextContent()).toBe("hi");
  });

  it.each([
    [{ role: "user", content: [] }, "name"],
    [{ name: "u", role: "robot", content: [] }, "role"],
    [{ name: "u", role: "user", content: [{ type: "text" }] }, "content.0.text"],
    [{ name: "u", role: "user", content: [{ type: "nope" }] }, "content.0.type"],
    [
      { name: "u", role: "assistant", content: [{ type: "tool_call", name: "x", input: "{}" }] },
      "content.0.id",
    ],
    [
      { name: "u", role: "user", content: [], usage: { input_tokens: -1, output_tokens: 0 } },
      "usage.input_tokens",
    ],
  ])("rejects malformed JSON %j naming the field %s", (json, field) => {
    let error: unknown;
    try {
      Msg.fromJSON(json);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toContain(field);
    expect((error as ValidationError).message).toContain(`\`${field}\``);
  });

  it("rejects a non-object as a Msg", () => {
    expect(() => Msg.fromJSON("hello")).toThrow(ValidationError);
    expect(() => Msg.fromJSON(null)).toThrow(ValidationError);
    expect(() => Msg.fromJSON([1])).toThrow(ValidationError);
  });

  it("fromJSON applies the role constraints too", () => {
    expect(() =>
      Msg.fromJSON({ name: "s", role: "system", content: [{ type: "thinking", thinking: "x" }] }),
    ).toThrow("System message can only contain text blocks.");
  });
});
