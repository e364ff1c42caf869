import { describe, expect, it } from "vitest";
import { Msg, UserMsg, createEvent } from "../../src/index.js";
import { R, collectWarnings, ev, newReply as reply } from "./reply-events.js";

// appendEvent under hostile or careless events: what it stores is a copy, it stores only what
// the schemas accept, and a message rebuilt from any events still passes Msg.fromJSON.

/** The message read back from its own JSON (throws when it would not load). */
function reloaded(msg: Msg): Msg {
  return Msg.fromJSON(JSON.parse(JSON.stringify(msg.toJSON())));
}

const warnings = collectWarnings();

describe("Msg.appendEvent copies what it stores", () => {
  it("a hint, result metadata, an error and suggested rules are not the event's objects", () => {
    const msg = reply();
    const hint = ev("HINT_BLOCK", { block_id: "h", hint: [{ type: "text", text: "a" }] as never });
    const metadata = { nested: { n: 1 } };
    const rule = { tool_name: "Bash", rule_content: "ls", behavior: "allow" as const, source: "s" };
    const error = { type: "upstream" as const, message: "x" };
    msg
      .appendEvent(hint)
      .appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("TOOL_RESULT_END", { tool_call_id: "c", state: "success", metadata }))
      .appendEvent(
        ev("REQUIRE_USER_CONFIRM", {
          tool_calls: [
            {
              type: "tool_call",
              id: "c",
              name: "Bash",
              input: "{}",
              state: "asking",
              suggested_rules: [rule],
              created_at: "t",
              finished_at: null,
            },
          ],
        }),
      )
      .appendEvent(
        createEvent("REPLY_END", { session_id: "s", reply_id: R, finished_reason: "error", error }),
      );
    // Mutating the events afterwards leaves the message alone.
    ((hint as { hint: { text: string }[] }).hint[0] as { text: string }).text = "changed";
    metadata.nested.n = 2;
    rule.rule_content = "rm";
    error.message = "changed";
    expect(msg.getContentBlocks("hint")[0]?.hint).toEqual([expect.objectContaining({ text: "a" })]);
    expect(msg.getContentBlocks("tool_result")[0]?.metadata).toEqual({ nested: { n: 1 } });
    expect(msg.getContentBlocks("tool_call")[0]?.suggested_rules[0]?.rule_content).toBe("ls");
    expect(msg.error?.message).toBe("x");
  });

  it("an external result is copied, output and metadata included", () => {
    const msg = reply();
    const result = {
      type: "tool_result" as const,
      id: "c1",
      name: "Remote",
      output: [
        { type: "text" as const, text: "done", id: "t", created_at: "t", finished_at: null },
      ],
      state: "success" as const,
      metadata: { k: { v: 1 } },
      created_at: "t",
      finished_at: null,
    };
    msg.appendEvent(ev("EXTERNAL_EXECUTION_RESULT", { execution_results: [result] }));
    result.output[0]!.text = "changed";
    result.metadata.k.v = 2;
    expect(msg.getContentBlocks("tool_result")[0]).toMatchObject({
      output: [{ text: "done" }],
      metadata: { k: { v: 1 } },
    });
  });
});

describe("Msg.appendEvent stores only what the schemas accept", () => {
  it("a TOOL_RESULT_DATA_DELTA URL is validated and normalised like a URL source", () => {
    const msg = reply();
    msg
      .appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c", tool_call_name: "Read" }))
      .appendEvent(
        ev("TOOL_RESULT_DATA_DELTA", {
          tool_call_id: "c",
          media_type: "image/png",
          url: "file://tmp.txt",
        }),
      )
      .appendEvent(
        ev("TOOL_RESULT_DATA_DELTA", {
          tool_call_id: "c",
          media_type: "image/png",
          url: "not a url",
        }),
      );
    const output = msg.getContentBlocks("tool_result")[0]?.output;
    expect(output).toHaveLength(1);
    expect(Array.isArray(output) && output[0]?.type === "data" && output[0].source).toEqual({
      type: "url",
      url: "file://tmp.txt/",
      media_type: "image/png",
    });
    expect(warnings.some((w) => w.includes("invalid URL"))).toBe(true);
    expect(reloaded(msg).toJSON()).toEqual(msg.toJSON());
  });

  it("data deltas that are not base64 join as text with a warning, losing nothing", () => {
    const msg = reply();
    msg
      .appendEvent(ev("DATA_BLOCK_START", { block_id: "d", media_type: "image/png" }))
      .appendEvent(ev("DATA_BLOCK_DELTA", { block_id: "d", data: "YWJj", media_type: "image/png" }))
      .appendEvent(
        ev("DATA_BLOCK_DELTA", { block_id: "d", data: "!!not base64", media_type: "image/png" }),
      );
    const source = msg.getContentBlocks("data")[0]?.source;
    expect(source).toMatchObject({ type: "base64", data: "YWJj!!not base64" });
    expect(warnings.some((w) => w.includes("is not base64"))).toBe(true);
  });

  it("result metadata nested past the bound is refused with a warning; the result stays open", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) deep = { deep };
    const msg = reply();
    msg
      .appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("TOOL_RESULT_END", { tool_call_id: "c", state: "success", metadata: deep }));
    expect(msg.getContentBlocks("tool_result")[0]?.state).toBe("running");
    expect(warnings.some((w) => w.includes("Nested deeper than 100 levels"))).toBe(true);
    expect(() => reloaded(msg)).not.toThrow();
  });

  it("blocks the message's role may not hold are not added (a user message gets no tool call)", () => {
    const msg = new UserMsg({ name: "user", content: "hi", id: R });
    msg
      .appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("THINKING_BLOCK_START", { block_id: "t" }))
      .appendEvent(ev("HINT_BLOCK", { block_id: "h", hint: "x" }))
      .appendEvent(ev("TEXT_BLOCK_START", { block_id: "x" }));
    expect(msg.content.map((b) => b.type)).toEqual(["text", "text"]);
    expect(warnings.filter((w) => w.includes("a user message cannot hold"))).toHaveLength(3);
    expect(() => reloaded(msg)).not.toThrow();
  });

  it("usage sums saturate at Number.MAX_SAFE_INTEGER, so the message still loads", () => {
    const msg = reply();
    const big = { input_tokens: Number.MAX_SAFE_INTEGER - 1, output_tokens: 1 };
    msg.appendEvent(ev("MODEL_CALL_END", big)).appendEvent(ev("MODEL_CALL_END", big));
    expect(msg.usage?.input_tokens).toBe(Number.MAX_SAFE_INTEGER);
    expect(msg.usage?.output_tokens).toBe(2);
    expect(reloaded(msg).usage).toEqual(msg.usage);
  });
});
