import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AgentEventSchema,
  EventType,
  ValidationError,
  createEvent,
  parseAgentEvent,
  type EventFields,
} from "../../src/index.js";
import { useDeterministicIdentity } from "../../src/testing.js";

const BASE = ["id", "created_at", "metadata", "type"];
const call = {
  type: "tool_call",
  id: "c1",
  name: "Bash",
  input: '{"command":"ls"}',
  state: "asking",
  suggested_rules: [
    { tool_name: "Bash", rule_content: "ls:*", behavior: "allow", source: "suggested" },
  ],
  created_at: "2025-01-01T00:00:00.000Z",
  finished_at: null,
};
const result = {
  type: "tool_result",
  id: "c1",
  name: "Bash",
  output: [
    {
      type: "text",
      text: "ok",
      id: "t1",
      created_at: "2025-01-01T00:00:00.000Z",
      finished_at: null,
    },
  ],
  state: "success",
  metadata: {},
  created_at: "2025-01-01T00:00:00.000Z",
  finished_at: "2025-01-01T00:00:01.000Z",
};

/** Per event type: snake_case JSON as a client sends it, and the fields the spec (§2) lists. */
const CASES: Record<EventType, { json: Record<string, unknown>; fields: string[] }> = {
  REPLY_START: {
    json: { session_id: "s", reply_id: "r", name: "agent" },
    fields: ["session_id", "reply_id", "name", "role"],
  },
  REPLY_END: {
    json: { session_id: "s", reply_id: "r" },
    fields: ["session_id", "reply_id", "finished_reason", "error"],
  },
  MODEL_CALL_START: {
    json: { reply_id: "r", model_name: "gpt" },
    fields: ["reply_id", "model_name"],
  },
  MODEL_CALL_END: {
    json: { reply_id: "r", input_tokens: 10, output_tokens: 2 },
    fields: [
      "reply_id",
      "input_tokens",
      "output_tokens",
      "cache_input_tokens",
      "cache_creation_input_tokens",
      "finished_reason",
    ],
  },
  TEXT_BLOCK_START: { json: { reply_id: "r", block_id: "b" }, fields: ["reply_id", "block_id"] },
  TEXT_BLOCK_DELTA: {
    json: { reply_id: "r", block_id: "b", delta: "Hi" },
    fields: ["reply_id", "block_id", "delta"],
  },
  TEXT_BLOCK_END: { json: { reply_id: "r", block_id: "b" }, fields: ["reply_id", "block_id"] },
  DATA_BLOCK_START: {
    json: { reply_id: "r", block_id: "b", media_type: "image/png" },
    fields: ["reply_id", "block_id", "media_type"],
  },
  DATA_BLOCK_DELTA: {
    json: { reply_id: "r", block_id: "b", data: "YWJj", media_type: "image/png" },
    fields: ["reply_id", "block_id", "data", "media_type"],
  },
  DATA_BLOCK_END: { json: { reply_id: "r", block_id: "b" }, fields: ["reply_id", "block_id"] },
  THINKING_BLOCK_START: {
    json: { reply_id: "r", block_id: "b" },
    fields: ["reply_id", "block_id"],
  },
  THINKING_BLOCK_DELTA: {
    json: { reply_id: "r", block_id: "b", delta: "hmm" },
    fields: ["reply_id", "block_id", "delta"],
  },
  THINKING_BLOCK_END: { json: { reply_id: "r", block_id: "b" }, fields: ["reply_id", "block_id"] },
  HINT_BLOCK: {
    json: { reply_id: "r", block_id: "b", hint: "<current-time>now</current-time>" },
    fields: ["reply_id", "block_id", "source", "hint"],
  },
  TOOL_CALL_START: {
    json: { reply_id: "r", tool_call_id: "c1", tool_call_name: "Bash" },
    fields: ["reply_id", "tool_call_id", "tool_call_name"],
  },
  TOOL_CALL_DELTA: {
    json: { reply_id: "r", tool_call_id: "c1", delta: "{" },
    fields: ["reply_id", "tool_call_id", "delta"],
  },
  TOOL_CALL_END: {
    json: { reply_id: "r", tool_call_id: "c1" },
    fields: ["reply_id", "tool_call_id"],
  },
  TOOL_RESULT_START: {
    json: { reply_id: "r", tool_call_id: "c1", tool_call_name: "Bash" },
    fields: ["reply_id", "tool_call_id", "tool_call_name"],
  },
  TOOL_RESULT_TEXT_DELTA: {
    json: { reply_id: "r", tool_call_id: "c1", delta: "out" },
    fields: ["reply_id", "tool_call_id", "delta"],
  },
  TOOL_RESULT_DATA_DELTA: {
    json: { reply_id: "r", tool_call_id: "c1", media_type: "image/png", url: "https://x/y.png" },
    fields: ["reply_id", "tool_call_id", "block_id", "media_type", "data", "url"],
  },
  TOOL_RESULT_END: {
    json: { reply_id: "r", tool_call_id: "c1", state: "success" },
    fields: ["reply_id", "tool_call_id", "state"],
  },
  EXCEED_MAX_ITERS: { json: { reply_id: "r", name: "agent" }, fields: ["reply_id", "name"] },
  REQUIRE_USER_CONFIRM: {
    json: { reply_id: "r", tool_calls: [call] },
    fields: ["reply_id", "tool_calls"],
  },
  REQUIRE_EXTERNAL_EXECUTION: {
    json: { reply_id: "r", tool_calls: [call] },
    fields: ["reply_id", "tool_calls"],
  },
  USER_CONFIRM_RESULT: {
    json: { reply_id: "r", confirm_results: [{ confirmed: true, tool_call: call, rules: null }] },
    fields: ["reply_id", "confirm_results"],
  },
  USER_INTERRUPT: { json: { reply_id: "r" }, fields: ["reply_id"] },
  EXTERNAL_EXECUTION_RESULT: {
    json: { reply_id: "r", execution_results: [result] },
    fields: ["reply_id", "execution_results"],
  },
  CUSTOM: { json: { name: "state_updated", value: { a: 1 } }, fields: ["name", "value"] },
};

describe("events (§2)", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = useDeterministicIdentity();
  });
  afterEach(() => {
    restore();
  });

  it("EventType holds exactly the 28 type strings, each its own value", () => {
    expect(Object.keys(EventType).sort()).toEqual(Object.keys(CASES).sort());
    for (const [key, value] of Object.entries(EventType)) expect(value).toBe(key);
  });

  it.each(Object.entries(CASES))(
    "%s parses from snake_case JSON and serialises back to it",
    (type, { json, fields }) => {
      const parsed = parseAgentEvent({ type, ...json });
      expect(parsed.type).toBe(type);
      const keys = Object.keys(parsed).sort();
      expect(keys).toEqual([...BASE, ...fields].sort());
      const wire = JSON.parse(JSON.stringify(parsed)) as Record<string, unknown>;
      expect(wire).toEqual(parsed);
      // a second pass changes nothing: serialised events are complete
      expect(AgentEventSchema.parse(wire)).toEqual(parsed);
      for (const [k, v] of Object.entries(json)) expect(wire[k]).toEqual(v);
    },
  );

  it.each(Object.entries(CASES))(
    "createEvent(%s) gives what the schema gives",
    (type, { json }) => {
      const t = type as EventType;
      const made = createEvent(t, json as EventFields<typeof t>);
      expect(AgentEventSchema.parse(made)).toEqual(made);
    },
  );

  it("§11.6 REPLY_START dumps with type, role assistant and empty metadata", () => {
    const event = createEvent("REPLY_START", { session_id: "s", reply_id: "r", name: "Friday" });
    expect(JSON.parse(JSON.stringify(event))).toMatchObject({
      type: "REPLY_START",
      role: "assistant",
      metadata: {},
      session_id: "s",
      reply_id: "r",
      name: "Friday",
    });
  });

  it.each([
    ["neither", {}],
    ["both", { data: "YWJj", url: "https://x/y.png" }],
  ])("§11.7 TOOL_RESULT_DATA_DELTA with %s of data/url is rejected", (_what, extra) => {
    const json = {
      type: "TOOL_RESULT_DATA_DELTA",
      reply_id: "r",
      tool_call_id: "c",
      media_type: "x",
      ...extra,
    };
    expect(() => parseAgentEvent(json)).toThrow("Exactly one of");
    expect(() =>
      createEvent("TOOL_RESULT_DATA_DELTA", {
        reply_id: "r",
        tool_call_id: "c",
        media_type: "x",
        ...extra,
      }),
    ).toThrow("Exactly one of `data` or `url` must be provided.");
  });

  it("CUSTOM events carry no reply_id", () => {
    expect(createEvent("CUSTOM", { name: "team_updated" })).not.toHaveProperty("reply_id");
  });

  it.each([
    [{ type: "TEXT_BLOCK_DELTA", reply_id: "r", block_id: "b" }, "delta"],
    [{ type: "TEXT_BLOCK_DELTA", reply_id: 7, block_id: "b", delta: "x" }, "reply_id"],
    [
      { type: "REPLY_END", session_id: "s", reply_id: "r", finished_reason: "bored" },
      "finished_reason",
    ],
    [{ type: "TOOL_RESULT_END", reply_id: "r", tool_call_id: "c", state: "fine" }, "state"],
    [
      { type: "REQUIRE_USER_CONFIRM", reply_id: "r", tool_calls: [{ ...call, id: undefined }] },
      "tool_calls.0.id",
    ],
    [
      { type: "USER_CONFIRM_RESULT", reply_id: "r", confirm_results: [{ tool_call: call }] },
      "confirm_results.0.confirmed",
    ],
    [{ type: "NOT_AN_EVENT", reply_id: "r" }, "type"],
    [{ reply_id: "r" }, "type"],
  ])("rejects malformed event %j naming the field %s", (json, field) => {
    let error: unknown;
    try {
      parseAgentEvent(json);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toContain(field);
    expect((error as ValidationError).message).toMatch(/^Invalid event: /);
  });
});
