import { describe, expect, it } from "vitest";
import { AgentState, ValidationError } from "../../src/index.js";

const at = "2025-01-01T00:00:00.000Z";
const call = (id: string) => ({
  type: "tool_call",
  id,
  name: "echo",
  input: "{}",
  state: "asking",
  created_at: at,
});
const result = (id: string) => ({
  type: "tool_result",
  id,
  name: "echo",
  output: "ok",
  state: "success",
  created_at: at,
});
const state = (content: unknown[], older: unknown[] = []) => ({
  context: [
    {
      name: "user",
      role: "user",
      content: [{ type: "text", text: "go", id: "t1", created_at: at }],
      id: "u1",
      created_at: at,
    },
    ...older,
    { name: "Friday", role: "assistant", content, id: "r1", created_at: at },
  ],
  reply_context: { reply_id: "r1" },
});

function refusal(value: unknown): ValidationError {
  try {
    AgentState.fromJSON(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("expected a ValidationError");
}

describe("assertUniqueToolCallIds (AgentState load)", () => {
  it("§10 refuses two tool calls with one id in the last message, naming the id and where", () => {
    const error = refusal(state([call("c1"), call("c1")]));
    expect(error.issues).toEqual([
      {
        path: "context.1.content.1.id",
        message: 'Duplicate tool call id "c1" in the last message: each tool call needs its own id',
      },
    ]);
  });

  it("§10 refuses two results for one id in the last message", () => {
    const error = refusal(state([call("c1"), call("c2"), result("c1"), result("c1")]));
    expect(error.message).toContain('Duplicate tool result id "c1"');
  });

  it("§10 keeps older messages as history: repeated ids there load", () => {
    const older = {
      name: "Friday",
      role: "assistant",
      content: [call("c1"), result("c1")],
      id: "r0",
      created_at: at,
    };
    const loaded = AgentState.fromJSON(state([call("c1")], [older]));
    expect(loaded.getAwaitingToolCalls("Friday").map((c) => c.id)).toEqual(["c1"]);
  });
});
