import { describe, expect, it } from "vitest";
import {
  AssistantMsg,
  createEvent,
  type AgentEvent,
  type Msg,
  type ToolCallBlock,
} from "../../src/index.js";
import { useDeterministicIdentity } from "../../src/testing.js";
import { R, collectWarnings, ev, newReply } from "./reply-events.js";

describe("Msg.appendEvent (§1.3)", () => {
  const warnings = collectWarnings();

  it("§11.8 an event of another reply changes nothing and warns", () => {
    const msg = newReply();
    const before = msg.toJSON();
    msg.appendEvent(createEvent("TEXT_BLOCK_START", { reply_id: "other", block_id: "b" }));
    expect(msg.toJSON()).toEqual(before);
    expect(warnings).toHaveLength(1);
  });

  it("§11.9 text start, two deltas and end make one finished text block", () => {
    const msg = newReply();
    const end = ev("TEXT_BLOCK_END", { block_id: "b" });
    msg
      .appendEvent(ev("TEXT_BLOCK_START", { block_id: "b" }))
      .appendEvent(ev("TEXT_BLOCK_DELTA", { block_id: "b", delta: "Hello" }))
      .appendEvent(ev("TEXT_BLOCK_DELTA", { block_id: "b", delta: " World" }))
      .appendEvent(end);
    expect(msg.content).toHaveLength(1);
    expect(msg.content[0]).toMatchObject({ type: "text", id: "b", text: "Hello World" });
    expect(msg.content[0]?.finished_at).toBe(end.created_at);
  });

  it("§1.3 thinking blocks stream the same way", () => {
    const msg = newReply();
    msg
      .appendEvent(ev("THINKING_BLOCK_START", { block_id: "t" }))
      .appendEvent(ev("THINKING_BLOCK_DELTA", { block_id: "t", delta: "let me " }))
      .appendEvent(ev("THINKING_BLOCK_DELTA", { block_id: "t", delta: "think" }))
      .appendEvent(ev("THINKING_BLOCK_END", { block_id: "t" }));
    expect(msg.content[0]).toMatchObject({ type: "thinking", thinking: "let me think" });
    expect(msg.content[0]?.finished_at).not.toBeNull();
  });

  it("§11.10 data deltas concatenate by bytes", () => {
    const msg = newReply();
    msg
      .appendEvent(ev("DATA_BLOCK_START", { block_id: "d", media_type: "text/plain" }))
      .appendEvent(
        ev("DATA_BLOCK_DELTA", { block_id: "d", data: "YWJj", media_type: "text/plain" }),
      )
      .appendEvent(
        ev("DATA_BLOCK_DELTA", { block_id: "d", data: "ZGVm", media_type: "text/plain" }),
      )
      .appendEvent(ev("DATA_BLOCK_END", { block_id: "d" }));
    const block = msg.getContentBlocks("data")[0];
    expect(block?.source).toEqual({ type: "base64", data: "YWJjZGVm", media_type: "text/plain" });
    expect(block?.finished_at).not.toBeNull();
  });

  it("§1.3 data deltas merge padded chunks by bytes, not by text", () => {
    const msg = newReply();
    const b64 = (s: string): string => Buffer.from(s).toString("base64");
    msg.appendEvent(ev("DATA_BLOCK_START", { block_id: "d", media_type: "text/plain" }));
    for (const part of ["a", "bc", "d"]) {
      msg.appendEvent(
        ev("DATA_BLOCK_DELTA", { block_id: "d", data: b64(part), media_type: "text/plain" }),
      );
    }
    const source = msg.getContentBlocks("data")[0]?.source;
    expect(source?.type === "base64" && Buffer.from(source.data, "base64").toString()).toBe("abcd");
  });

  it("§11.11 tool result start, two text deltas and end merge the text and finish the call", () => {
    const msg = newReply();
    msg
      .appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("TOOL_CALL_DELTA", { tool_call_id: "c", delta: '{"command":' }))
      .appendEvent(ev("TOOL_CALL_DELTA", { tool_call_id: "c", delta: '"ls"}' }))
      .appendEvent(ev("TOOL_CALL_END", { tool_call_id: "c" }))
      .appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c", tool_call_name: "Bash" }))
      .appendEvent(ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "c", delta: "a.txt\n" }))
      .appendEvent(ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "c", delta: "b.txt" }))
      .appendEvent(
        ev("TOOL_RESULT_END", { tool_call_id: "c", state: "success", metadata: { code: 0 } }),
      );
    const [callBlock, resultBlock] = msg.content;
    expect(callBlock).toMatchObject({
      type: "tool_call",
      input: '{"command":"ls"}',
      state: "finished",
    });
    expect(resultBlock).toMatchObject({
      type: "tool_result",
      state: "success",
      metadata: { code: 0 },
    });
    const output = resultBlock?.type === "tool_result" ? resultBlock.output : [];
    expect(output).toHaveLength(1);
    expect(output[0]).toMatchObject({ type: "text", text: "a.txt\nb.txt" });
    expect(resultBlock?.finished_at).not.toBeNull();
  });

  it("§1.3 tool result data deltas push data blocks; text after data starts a new text block", () => {
    const msg = newReply();
    msg
      .appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c", tool_call_name: "Shot" }))
      .appendEvent(ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "c", delta: "see:" }))
      .appendEvent(
        ev("TOOL_RESULT_DATA_DELTA", {
          tool_call_id: "c",
          block_id: "img",
          media_type: "image/png",
          data: "YWJj",
        }),
      )
      .appendEvent(
        ev("TOOL_RESULT_DATA_DELTA", {
          tool_call_id: "c",
          media_type: "image/png",
          url: "https://x/y.png",
        }),
      )
      .appendEvent(ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "c", delta: "done" }));
    const result = msg.getContentBlocks("tool_result")[0];
    const output = Array.isArray(result?.output) ? result.output : [];
    expect(output.map((b) => b.type)).toEqual(["text", "data", "data", "text"]);
    expect(output[1]).toMatchObject({ id: "img", source: { type: "base64", data: "YWJj" } });
    expect(output[2]).toMatchObject({ source: { type: "url", url: "https://x/y.png" } });
  });

  it("§1.3 a string tool output is wrapped into a text block before a text delta", () => {
    const msg = new AssistantMsg({
      name: "agent",
      id: R,
      content: [{ type: "tool_result", id: "c", name: "Bash", output: "partial " }],
    });
    msg.appendEvent(ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "c", delta: "more" }));
    const output = msg.getContentBlocks("tool_result")[0]?.output;
    expect(Array.isArray(output) && output.map((b) => (b.type === "text" ? b.text : ""))).toEqual([
      "partial more",
    ]);
  });

  it("§11.12 confirm: asking with suggestions copied; a denial finishes; a stale result is ignored", () => {
    const msg = newReply();
    msg.appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c1", tool_call_name: "Bash" }));
    msg.appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c2", tool_call_name: "Bash" }));
    const [c1, c2] = msg.getContentBlocks("tool_call") as [ToolCallBlock, ToolCallBlock];
    const rule = {
      tool_name: "Bash",
      rule_content: "ls:*",
      behavior: "allow",
      source: "suggested",
    } as const;
    const asked = { ...c1, state: "asking" as const, suggested_rules: [rule] };
    msg.appendEvent(ev("REQUIRE_USER_CONFIRM", { tool_calls: [asked] }));
    expect(c1.state).toBe("asking");
    expect(c1.suggested_rules).toEqual([rule]);
    expect(c1.suggested_rules[0]).not.toBe(rule); // copied, not shared

    msg.appendEvent(
      ev("USER_CONFIRM_RESULT", {
        confirm_results: [
          { confirmed: false, tool_call: c1, rules: null },
          { confirmed: true, tool_call: c2, rules: null }, // c2 is pending, not asking: stale
        ],
      }),
    );
    expect(c1.state).toBe("finished");
    expect(c2.state).toBe("pending");

    // answering again after it finished changes nothing
    msg.appendEvent(
      ev("USER_CONFIRM_RESULT", {
        confirm_results: [{ confirmed: true, tool_call: c1, rules: null }],
      }),
    );
    expect(c1.state).toBe("finished");
  });

  it("§1.3 a confirmed call becomes allowed; external execution marks calls submitted", () => {
    const msg = newReply();
    msg.appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c1", tool_call_name: "Bash" }));
    msg.appendEvent(ev("TOOL_CALL_START", { tool_call_id: "c2", tool_call_name: "Remote" }));
    const [c1, c2] = msg.getContentBlocks("tool_call") as [ToolCallBlock, ToolCallBlock];
    msg.appendEvent(ev("REQUIRE_USER_CONFIRM", { tool_calls: [{ ...c1 }] }));
    msg.appendEvent(
      ev("USER_CONFIRM_RESULT", {
        confirm_results: [{ confirmed: true, tool_call: c1, rules: null }],
      }),
    );
    expect(c1.state).toBe("allowed");
    msg.appendEvent(ev("REQUIRE_EXTERNAL_EXECUTION", { tool_calls: [{ ...c2 }] }));
    expect(c2.state).toBe("submitted");
  });

  it("§11.13 MODEL_CALL_END usage is created, then summed (cache fields too)", () => {
    const msg = newReply();
    msg.appendEvent(
      ev("MODEL_CALL_END", {
        input_tokens: 100,
        output_tokens: 20,
        cache_input_tokens: 5,
        cache_creation_input_tokens: 1,
      }),
    );
    msg.appendEvent(
      ev("MODEL_CALL_END", {
        input_tokens: 50,
        output_tokens: 10,
        cache_input_tokens: 2,
        cache_creation_input_tokens: 3,
      }),
    );
    expect(msg.usage).toEqual({
      input_tokens: 150,
      output_tokens: 30,
      cache_input_tokens: 7,
      cache_creation_input_tokens: 4,
    });
  });

  it("§11.14 an external result whose id already has a tool_result is not appended", () => {
    const msg = newReply();
    msg.appendEvent(ev("TOOL_RESULT_START", { tool_call_id: "c1", tool_call_name: "Remote" }));
    const result = (id: string) => ({
      type: "tool_result" as const,
      id,
      name: "Remote",
      output: "done",
      state: "success" as const,
      metadata: {},
      created_at: "2025-01-01T00:00:00.000Z",
      finished_at: null,
    });
    const event = ev("EXTERNAL_EXECUTION_RESULT", {
      execution_results: [result("c1"), result("c2")],
    });
    msg.appendEvent(event);
    const results = msg.getContentBlocks("tool_result");
    expect(results.map((r) => r.id)).toEqual(["c1", "c2"]);
    expect(results[0]?.output).toEqual([]); // the running one is untouched
    expect(results[1]?.finished_at).toBe(event.created_at);
  });

  it("§1.3 REPLY_END sets finished_at, finished_reason and error", () => {
    const msg = newReply();
    const end = createEvent("REPLY_END", {
      session_id: "s",
      reply_id: R,
      finished_reason: "error",
      error: { type: "rate_limit", message: "slow down" },
    });
    msg.appendEvent(end);
    expect(msg).toMatchObject({
      finished_at: end.created_at,
      finished_reason: "error",
      error: { type: "rate_limit", message: "slow down" },
    });
  });

  it("§1.3 HINT_BLOCK appends a finished hint block with its source", () => {
    const msg = newReply();
    const hint = ev("HINT_BLOCK", {
      block_id: "h",
      hint: "<tasks>…</tasks>",
      source: '{"from":"cron"}',
    });
    msg.appendEvent(hint);
    expect(msg.content[0]).toEqual({
      type: "hint",
      id: "h",
      hint: "<tasks>…</tasks>",
      source: '{"from":"cron"}',
      created_at: hint.created_at,
      finished_at: hint.created_at,
    });
  });

  it("§1.3 start, model-call start, max-iters and interrupt events change nothing; CUSTOM is a no-op", () => {
    const msg = newReply();
    const before = msg.toJSON();
    msg.appendEvent(createEvent("REPLY_START", { session_id: "s", reply_id: R, name: "agent" }));
    msg.appendEvent(ev("MODEL_CALL_START", { model_name: "m" }));
    msg.appendEvent(ev("EXCEED_MAX_ITERS", { name: "agent" }));
    msg.appendEvent(ev("USER_INTERRUPT", {}));
    msg.appendEvent(createEvent("CUSTOM", { name: "state_updated", value: {} }));
    expect(msg.toJSON()).toEqual(before);
    expect(warnings).toEqual([]);
  });

  it.each([
    ["TEXT_BLOCK_DELTA", ev("TEXT_BLOCK_DELTA", { block_id: "nope", delta: "x" })],
    ["THINKING_BLOCK_DELTA", ev("THINKING_BLOCK_DELTA", { block_id: "nope", delta: "x" })],
    [
      "DATA_BLOCK_DELTA",
      ev("DATA_BLOCK_DELTA", { block_id: "nope", data: "YWJj", media_type: "x" }),
    ],
    ["TOOL_CALL_DELTA", ev("TOOL_CALL_DELTA", { tool_call_id: "nope", delta: "x" })],
    ["TOOL_RESULT_TEXT_DELTA", ev("TOOL_RESULT_TEXT_DELTA", { tool_call_id: "nope", delta: "x" })],
    [
      "TOOL_RESULT_DATA_DELTA",
      ev("TOOL_RESULT_DATA_DELTA", { tool_call_id: "nope", media_type: "x", data: "YQ==" }),
    ],
    ["TOOL_RESULT_END", ev("TOOL_RESULT_END", { tool_call_id: "nope", state: "success" })],
    ["TEXT_BLOCK_END", ev("TEXT_BLOCK_END", { block_id: "nope" })],
    ["TOOL_CALL_END", ev("TOOL_CALL_END", { tool_call_id: "nope" })],
  ])("§11.15 %s for an unknown block warns and changes nothing", (_type, event) => {
    const msg = new AssistantMsg({
      name: "agent",
      id: R,
      content: [{ type: "text", text: "keep" }],
    });
    const before = msg.toJSON();
    expect(() => msg.appendEvent(event)).not.toThrow();
    expect(msg.toJSON()).toEqual(before);
    expect(warnings).toHaveLength(1);
  });
});

/**
 * The events an agent emits for a finished reply message, in order, stamped with the blocks' own
 * times: the inverse of appendEvent.
 */
function eventsOf(msg: Msg, sessionId: string): AgentEvent[] {
  const reply_id = msg.id;
  const at = (created_at: string) => ({ reply_id, created_at });
  const out: AgentEvent[] = [
    createEvent("REPLY_START", {
      session_id: sessionId,
      reply_id,
      name: msg.name,
      created_at: msg.created_at,
    }),
  ];
  const calls = new Map<string, ToolCallBlock>();
  for (const block of msg.content) {
    const end = block.finished_at ?? block.created_at;
    switch (block.type) {
      case "text":
        out.push(createEvent("TEXT_BLOCK_START", { ...at(block.created_at), block_id: block.id }));
        for (const part of [block.text.slice(0, 3), block.text.slice(3)])
          out.push(
            createEvent("TEXT_BLOCK_DELTA", {
              ...at(block.created_at),
              block_id: block.id,
              delta: part,
            }),
          );
        out.push(createEvent("TEXT_BLOCK_END", { ...at(end), block_id: block.id }));
        break;
      case "thinking":
        out.push(
          createEvent("THINKING_BLOCK_START", { ...at(block.created_at), block_id: block.id }),
        );
        out.push(
          createEvent("THINKING_BLOCK_DELTA", {
            ...at(block.created_at),
            block_id: block.id,
            delta: block.thinking,
          }),
        );
        out.push(createEvent("THINKING_BLOCK_END", { ...at(end), block_id: block.id }));
        break;
      case "data": {
        if (block.source.type !== "base64") throw new Error("test fixture: base64 only");
        const media_type = block.source.media_type;
        const bytes = Buffer.from(block.source.data, "base64");
        out.push(
          createEvent("DATA_BLOCK_START", {
            ...at(block.created_at),
            block_id: block.id,
            media_type,
          }),
        );
        for (const part of [bytes.subarray(0, 2), bytes.subarray(2)])
          out.push(
            createEvent("DATA_BLOCK_DELTA", {
              ...at(block.created_at),
              block_id: block.id,
              media_type,
              data: part.toString("base64"),
            }),
          );
        out.push(createEvent("DATA_BLOCK_END", { ...at(end), block_id: block.id }));
        break;
      }
      case "hint":
        out.push(
          createEvent("HINT_BLOCK", {
            ...at(block.created_at),
            block_id: block.id,
            hint: block.hint,
            source: block.source,
          }),
        );
        break;
      case "tool_call":
        calls.set(block.id, block);
        out.push(
          createEvent("TOOL_CALL_START", {
            ...at(block.created_at),
            tool_call_id: block.id,
            tool_call_name: block.name,
          }),
        );
        out.push(
          createEvent("TOOL_CALL_DELTA", {
            ...at(block.created_at),
            tool_call_id: block.id,
            delta: block.input,
          }),
        );
        out.push(createEvent("TOOL_CALL_END", { ...at(end), tool_call_id: block.id }));
        break;
      case "tool_result": {
        const call = calls.get(block.id);
        if (call?.suggested_rules.length) {
          out.push(
            createEvent("REQUIRE_USER_CONFIRM", {
              ...at(block.created_at),
              tool_calls: [{ ...call, state: "asking" }],
            }),
          );
          out.push(
            createEvent("USER_CONFIRM_RESULT", {
              ...at(block.created_at),
              confirm_results: [{ confirmed: true, tool_call: call, rules: null }],
            }),
          );
        }
        out.push(
          createEvent("TOOL_RESULT_START", {
            ...at(block.created_at),
            tool_call_id: block.id,
            tool_call_name: block.name,
          }),
        );
        for (const part of typeof block.output === "string" ? [] : block.output) {
          if (part.type === "text")
            out.push(
              createEvent("TOOL_RESULT_TEXT_DELTA", {
                ...at(block.created_at),
                tool_call_id: block.id,
                delta: part.text,
              }),
            );
          else if (part.source.type === "base64")
            out.push(
              createEvent("TOOL_RESULT_DATA_DELTA", {
                ...at(block.created_at),
                tool_call_id: block.id,
                block_id: part.id,
                media_type: part.source.media_type,
                data: part.source.data,
              }),
            );
        }
        out.push(
          createEvent("TOOL_RESULT_END", {
            ...at(end),
            tool_call_id: block.id,
            state: block.state,
            metadata: block.metadata,
          }),
        );
        break;
      }
    }
  }
  if (msg.usage) out.push(createEvent("MODEL_CALL_END", { ...at(msg.created_at), ...msg.usage }));
  out.push(
    createEvent("REPLY_END", {
      session_id: sessionId,
      reply_id,
      created_at: msg.finished_at ?? msg.created_at,
      finished_reason: msg.finished_reason ?? "completed",
    }),
  );
  return out;
}

describe("a reply rebuilt from its events", () => {
  it("§1.3 equals the original message (all block kinds, HITL, usage)", () => {
    const restore = useDeterministicIdentity();
    try {
      const t = (s: number) => `2025-01-01T00:00:${String(s).padStart(2, "0")}.000Z`;
      const rule = {
        tool_name: "Bash",
        rule_content: "ls:*",
        behavior: "allow",
        source: "suggested",
      } as const;
      const original = new AssistantMsg({
        name: "Friday",
        id: "reply-42",
        created_at: t(0),
        finished_at: t(30),
        finished_reason: "completed",
        usage: {
          input_tokens: 120,
          output_tokens: 33,
          cache_input_tokens: 4,
          cache_creation_input_tokens: 0,
        },
        content: [
          {
            type: "thinking",
            id: "th",
            thinking: "plan the listing",
            created_at: t(1),
            finished_at: t(2),
          },
          {
            type: "hint",
            id: "h",
            hint: "<current-time>now</current-time>",
            source: null,
            created_at: t(3),
            finished_at: t(3),
          },
          {
            type: "text",
            id: "tx",
            text: "Listing files now.",
            created_at: t(4),
            finished_at: t(5),
          },
          {
            type: "tool_call",
            id: "call-1",
            name: "Bash",
            input: '{"command":"ls -la"}',
            state: "finished",
            suggested_rules: [rule],
            created_at: t(6),
            finished_at: t(7),
          },
          {
            type: "tool_result",
            id: "call-1",
            name: "Bash",
            state: "success",
            metadata: { exit_code: 0 },
            created_at: t(8),
            finished_at: t(9),
            output: [
              { type: "text", id: "o1", text: "a.txt\nb.txt", created_at: t(8), finished_at: null },
              {
                type: "data",
                id: "o2",
                name: null,
                source: {
                  type: "base64",
                  data: Buffer.from("PNGDATA").toString("base64"),
                  media_type: "image/png",
                },
                created_at: t(8),
                finished_at: null,
              },
            ],
          },
          {
            type: "data",
            id: "img",
            name: null,
            source: {
              type: "base64",
              data: Buffer.from("hello world").toString("base64"),
              media_type: "text/plain",
            },
            created_at: t(10),
            finished_at: t(11),
          },
          { type: "text", id: "tx2", text: "Two files.", created_at: t(12), finished_at: t(13) },
        ],
      });

      const rebuilt = new AssistantMsg({
        name: "Friday",
        content: [],
        id: "reply-42",
        created_at: t(0),
      });
      for (const event of eventsOf(original, "session-1")) {
        // every event survives the wire
        rebuilt.appendEvent(JSON.parse(JSON.stringify(event)) as AgentEvent);
      }
      // Output text blocks are rebuilt from deltas and take the delta event's id (the wire
      // carries no id for them), so compare those by content.
      const normalise = (m: Msg) => {
        const json = m.toJSON();
        for (const block of json.content) {
          if (block.type === "tool_result" && Array.isArray(block.output)) {
            for (const part of block.output) if (part.type === "text") part.id = "<text>";
          }
        }
        return json;
      };
      expect(normalise(rebuilt)).toEqual(normalise(original));
    } finally {
      restore();
    }
  });
});
