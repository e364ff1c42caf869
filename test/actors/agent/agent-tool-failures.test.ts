import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DeveloperOrientedError,
  FunctionTool,
  OpenAIChatFormatter,
  type Agent,
  type AgentMiddleware,
  type Msg,
} from "../../../src/index.js";
import { allow, collect, echo, makeAgent, scripted, user } from "./agent-fixture.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

useQuietLogger();

/** Every tool call of the messages has a tool result after it (what providers require). */
function everyCallAnswered(messages: readonly Msg[]): boolean {
  const calls = new Set<string>();
  const results = new Set<string>();
  for (const msg of messages) {
    for (const block of msg.content) {
      if (block.type === "tool_call") calls.add(block.id);
      if (block.type === "tool_result") results.add(block.id);
    }
  }
  return [...calls].every((id) => results.has(id));
}

const strict = new FunctionTool({
  name: "strict",
  description: "Takes a string.",
  parameters: z.object({ a: z.string() }),
  fn: () => "ran",
});

const broken = new FunctionTool({
  name: "broken",
  description: "Has a bug.",
  parameters: z.object({}),
  fn: () => {
    throw new DeveloperOrientedError("BUG", "the tool is miswired");
  },
});

describe("Agent: every tool call gets a result (issue 10 §2, spec §3.7)", () => {
  it("failing calls of one round get error results, the reply goes on and the next request is valid", async () => {
    const deep = `{"a": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const model = scripted([
      {
        toolCalls: [
          { id: "c1", name: "strict", input: deep },
          { id: "c2", name: "broken", input: {} },
          { id: "c3", name: "echo", input: { text: "hi" } },
        ],
      },
      "done",
    ]);
    const agent = makeAgent(model, {
      tools: [strict, broken, echo()],
      state: allow("strict", "broken", "echo"),
    });
    const events = await collect(agent.replyStream(user("go")));
    const ends = events.filter((e) => e.type === "TOOL_RESULT_END");
    expect(ends.map((e) => [e.tool_call_id, e.state])).toEqual(
      expect.arrayContaining([
        ["c1", "error"],
        ["c2", "error"],
        ["c3", "success"],
      ]),
    );
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    const second = model.calls[1];
    expect(second).toBeDefined();
    expect(everyCallAnswered(second?.messages ?? [])).toBe(true);
    // the formatter accepts the conversation (one tool message per call)
    const formatted = await new OpenAIChatFormatter().format(second?.messages ?? []);
    expect(formatted.filter((m) => m.role === "tool")).toHaveLength(3);
  });

  it("an onCheckPermission middleware that throws gives the call an error result", async () => {
    const throwing: AgentMiddleware<Agent> = {
      onCheckPermission: () => Promise.reject(new Error("hook bug")),
    };
    const model = scripted([
      { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
      "ok",
    ]);
    const agent = makeAgent(model, { tools: [echo()], middlewares: [throwing] });
    const final = await agent.reply(user("go"));
    expect(final.getTextContent()).toBe("ok");
    const result = agent.state.context
      .flatMap((m) => m.content)
      .find((b) => b.type === "tool_result");
    expect(result).toMatchObject({ id: "c1", state: "error", finished_at: null });
    expect(result?.type === "tool_result" ? result.output : "").toMatch(
      /^ToolCallError: Tool call 'c1' \(tool 'echo'\) failed in its permission check: hook bug$/,
    );
  });

  it("an onActing middleware yielding junk gives the call an error result", async () => {
    const junk: AgentMiddleware<Agent> = {
      async *onActing() {
        await Promise.resolve();
        yield 42 as never;
      },
    };
    const model = scripted([
      { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
      "ok",
    ]);
    const agent = makeAgent(model, { tools: [echo()], state: allow("echo"), middlewares: [junk] });
    expect((await agent.reply(user("go"))).getTextContent()).toBe("ok");
    expect(everyCallAnswered(model.calls[1]?.messages ?? [])).toBe(true);
  });
});
