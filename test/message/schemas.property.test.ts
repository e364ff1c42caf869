import fc from "fast-check";
import { describe, it } from "vitest";
import { parseOrThrow, setLogger } from "../../src/errors/index.js";
import {
  AgentEventSchema,
  AssistantMsg,
  ContentBlockSchema,
  Msg,
  MsgSchema,
  SystemMsg,
  ToolSchemaSchema,
  UserMsg,
  parseAgentEvent,
} from "../../src/message/index.js";
import {
  RUNS,
  checkEntryPoint,
  expectTypedOutcome,
  hostileInputs,
  jsonFixtures,
} from "../harness/hostile-json.js";
import {
  BLOCKS,
  EVENT_FIXTURES,
  MSG_FIXTURES,
  R,
  TOOL_SCHEMA_FIXTURES,
} from "../harness/wire-fixtures.js";

// Property: random and mutated JSON fed to every message entry point gives a typed error or a
// value that survives its own toJSON/fromJSON round trip — never a TypeError, a stack overflow
// or a hang.

describe("message entry points under random and mutated JSON (property)", () => {
  it("Msg.fromJSON", () => {
    checkEntryPoint(
      MSG_FIXTURES,
      (v) => Msg.fromJSON(v),
      (m) => m.toJSON(),
    );
  });

  it("new Msg(options)", () => {
    checkEntryPoint(
      MSG_FIXTURES,
      (v) => new Msg(v as never),
      (m) => m.toJSON(),
    );
  });

  it("new UserMsg / SystemMsg / AssistantMsg (options)", () => {
    const factoryOptions = jsonFixtures(
      { name: "u", content: "hi", id: "m", metadata: { a: [1] }, finished_reason: null },
      { name: "u", content: [{ type: "text", text: "hi" }], created_at: "t", finished_at: null },
    );
    checkEntryPoint(
      factoryOptions,
      (v) => new UserMsg(v as never),
      (m) => {
        const { name, content, id, metadata, created_at, finished_at, finished_reason } =
          m.toJSON();
        return { name, content, id, metadata, created_at, finished_at, finished_reason };
      },
    );
    checkEntryPoint(factoryOptions, (v) => new SystemMsg(v as never));
    checkEntryPoint(
      jsonFixtures({ name: "a", content: [], usage: { input_tokens: 1, output_tokens: 1 } }),
      (v) => new AssistantMsg(v as never),
    );
  });

  it("MsgSchema", () => {
    checkEntryPoint(
      MSG_FIXTURES,
      (v) => parseOrThrow(MsgSchema, v, "Msg"),
      (d) => d,
    );
  });

  it("ContentBlockSchema", () => {
    checkEntryPoint(
      jsonFixtures(...BLOCKS),
      (v) => parseOrThrow(ContentBlockSchema, v, "block"),
      (b) => b,
    );
  });

  it("AgentEventSchema (parseAgentEvent)", () => {
    checkEntryPoint(
      EVENT_FIXTURES,
      (v) => parseAgentEvent(v),
      (e) => e,
    );
    checkEntryPoint(
      EVENT_FIXTURES,
      (v) => parseOrThrow(AgentEventSchema, v, "event"),
      (e) => e,
    );
  });

  it("ToolSchemaSchema", () => {
    checkEntryPoint(
      TOOL_SCHEMA_FIXTURES,
      (v) => parseOrThrow(ToolSchemaSchema, v, "tool schema"),
      (s) => s,
    );
  });

  it("a message rebuilt from any valid events still passes Msg.fromJSON", () => {
    const restore = setLogger({ warn: () => undefined, error: () => undefined });
    try {
      fc.assert(
        fc.property(fc.array(hostileInputs(EVENT_FIXTURES), { maxLength: 12 }), (inputs) => {
          const msg = new AssistantMsg({ name: "agent", content: [], id: R });
          for (const input of inputs) {
            let event;
            try {
              event = parseAgentEvent(input());
            } catch {
              continue; // refused with a typed error: checked by the property above
            }
            msg.appendEvent(event);
          }
          expectTypedOutcome(
            msg.toJSON(),
            (v) => Msg.fromJSON(v),
            (m) => m.toJSON(),
          );
          Msg.fromJSON(msg.toJSON());
        }),
        { numRuns: RUNS },
      );
    } finally {
      restore();
    }
  });
});
