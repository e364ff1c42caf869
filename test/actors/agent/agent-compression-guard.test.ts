import { describe, expect, it } from "vitest";
import type { InspectionEvent } from "xstate";
import { ScriptedModel, type Agent, type ScriptedTurn } from "../../../src/index.js";
import { allow, echo, makeAgent, user } from "./agent-fixture.js";

/** An agent whose inspector counts the times its statechart enters `compressing`. */
function watched(
  turns: ScriptedTurn[],
  options: { contextSize?: number } = {},
): { agent: Agent; compressions: () => number } {
  let count = 0;
  let last: unknown = null;
  const onInspect = (event: InspectionEvent) => {
    if (event.type !== "@xstate.snapshot") return;
    const value = (event.snapshot as { value?: unknown }).value;
    if (value === "compressing" && last !== "compressing") count += 1;
    if (typeof value === "string") last = value;
  };
  const agent = makeAgent(
    new ScriptedModel({ responses: turns, contextSize: options.contextSize ?? 32_768 }),
    { tools: [echo()], state: allow("echo"), inspect: onInspect },
  );
  return { agent, compressions: () => count };
}

/** The model's answer to a compression's structured-output request. */
const summaryTurn: ScriptedTurn = {
  toolCalls: [
    {
      name: "generate_structured_output",
      input: {
        task_overview: "chat",
        current_state: "talking",
        important_discoveries: "none",
        next_steps: "answer",
        context_to_preserve: "none",
      },
    },
  ],
};

const toolRound: ScriptedTurn = { toolCalls: [{ name: "echo", input: { text: "x" } }] };

describe("Agent: when the loop passes through compressing (spec §8.2)", () => {
  it("the first model call of a conversation is measured; later steps and replies far below the trigger skip the state", async () => {
    const { agent, compressions } = watched([toolRound, "one", toolRound, "two"]);
    await agent.reply(user("first"));
    expect(compressions()).toBe(1);
    await agent.reply(user("second"));
    expect(compressions()).toBe(1);
  });

  it("messages appended up to the trigger send the next step through compressing", async () => {
    // 0.8 × 1000 tokens: a 4000-character message alone is ≈ 1000 tokens.
    // At the trigger the state compresses for real: the model is asked for the summary first.
    const { agent, compressions } = watched(["one", summaryTurn, "two"], { contextSize: 1000 });
    await agent.reply(user("short"));
    expect(compressions()).toBe(1);
    await agent.reply(user("a".repeat(4000)));
    expect(compressions()).toBe(2);
    expect(agent.state.summary).toContain("# Task Overview\nchat");
  });

  it("a changed system prompt, or a context changed other than by appending, is measured again", async () => {
    const { agent, compressions } = watched(["one", "two", "three"]);
    await agent.reply(user("first"));
    agent.systemPrompt = "You are terse.";
    await agent.reply(user("second"));
    expect(compressions()).toBe(2);
    agent.state.context.splice(0, 2);
    await agent.reply(user("third"));
    expect(compressions()).toBe(3);
  });

  it("a model reporting no usage figures is measured before every call", async () => {
    const none = { input_tokens: 0, output_tokens: 0 };
    const { agent, compressions } = watched([
      { ...toolRound, usage: none },
      { text: "done", usage: none },
    ]);
    await agent.reply(user("go"));
    expect(compressions()).toBe(2);
  });
});
