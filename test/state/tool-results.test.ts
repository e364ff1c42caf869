import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AssistantMsg, type ContentBlock, type ToolCallBlock } from "../../src/message/index.js";
import { toolCallsOf, withoutResults } from "../../src/state/index.js";

const AT = "2026-01-01T00:00:00.000Z";

function call(id: string): ContentBlock {
  return {
    type: "tool_call",
    id,
    name: "t",
    input: "{}",
    state: "pending",
    suggested_rules: [],
    created_at: AT,
    finished_at: null,
  };
}

function result(id: string): ContentBlock {
  return {
    type: "tool_result",
    id,
    name: "t",
    output: "ok",
    state: "success",
    metadata: {},
    created_at: AT,
    finished_at: null,
  };
}

/** A message of `calls` calls, the ones in `answered` with a result after them. */
function message(calls: number, answered: readonly number[]): AssistantMsg {
  const content: ContentBlock[] = [];
  for (let i = 0; i < calls; i++) content.push(call(`c${i}`));
  for (const i of answered) if (i < calls) content.push(result(`c${i}`));
  return new AssistantMsg({ name: "a", content });
}

/** What the result ids say, looked up by a set (the reference the scan must agree with). */
function reference(msg: AssistantMsg, calls: ToolCallBlock[]): ToolCallBlock[] {
  const ids = new Set(msg.content.filter((b) => b.type === "tool_result").map((b) => b.id));
  return calls.filter((c) => !ids.has(c.id));
}

describe("withoutResults", () => {
  it("keeps the calls without a result, in order, for small and large messages alike", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 60 }),
        (calls, answered) => {
          const msg = message(calls, [...new Set(answered)]);
          const all = toolCallsOf(msg);
          expect(all.map((c) => c.id)).toEqual(
            msg.content.filter((b) => b.type === "tool_call").map((b) => b.id),
          );
          expect(withoutResults(msg, all)).toEqual(reference(msg, all));
          const some = all.filter((_, i) => i % 2 === 0);
          expect(withoutResults(msg, some)).toEqual(reference(msg, some));
        },
      ),
    );
  });

  it("gives back the same blocks, not copies", () => {
    const msg = message(3, [1]);
    const calls = toolCallsOf(msg);
    const left = withoutResults(msg, calls);
    expect(left[0]).toBe(msg.content[0]);
    expect(left[1]).toBe(msg.content[2]);
  });
});
