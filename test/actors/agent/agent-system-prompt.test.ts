import { describe, expect, it } from "vitest";
import type { Agent, AgentMiddleware, ScriptedTurn } from "../../../src/index.js";
import { allow, echo, makeAgent, scripted, user } from "./agent-fixture.js";

/** A middleware that numbers each run of the hook: the prompt it returns ends with `#n`. */
function numbering(): { middleware: AgentMiddleware<Agent>; runs: () => number } {
  let runs = 0;
  return {
    middleware: {
      onSystemPrompt: (_agent, prompt) => {
        runs += 1;
        return `${prompt} #${runs}`;
      },
    },
    runs: () => runs,
  };
}

const toolRound: ScriptedTurn[] = [
  { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
  "done",
];

/** The system prompt of each model call. */
const prompts = (model: ReturnType<typeof scripted>) =>
  model.calls.map((call) => call.messages[0]?.getTextContent());

describe("Agent: onSystemPrompt runs where AgentScope runs it (issue 10 §4, spec §8.2, §3.6, §3.9)", () => {
  it("§3.6/§8.2 once for the compression check and once for the model call of each step", async () => {
    const hook = numbering();
    const model = scripted(toolRound);
    const agent = makeAgent(model, {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [hook.middleware],
    });
    await agent.reply(user("go"));
    expect(hook.runs()).toBe(4);
    // each model call gets the prompt of its own run of the hook, not the compression check's
    expect(prompts(model)).toEqual(["You are helpful. #2", "You are helpful. #4"]);
  });

  it("§8.2 a later reply far below the compression trigger still runs the check's hook", async () => {
    const hook = numbering();
    const model = scripted(["one", "two"]);
    const agent = makeAgent(model, { middlewares: [hook.middleware] });
    await agent.reply(user("first"));
    await agent.reply(user("second"));
    expect(hook.runs()).toBe(4);
    expect(prompts(model)).toEqual(["You are helpful. #2", "You are helpful. #4"]);
  });

  it("§3.9 with runtime-state injection, the first step of a reply counts its input with one more run", async () => {
    const hook = numbering();
    const model = scripted(toolRound);
    const agent = makeAgent(model, {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [hook.middleware],
      injectionConfig: { injectRuntimeState: true },
    });
    await agent.reply(user("go"));
    // step 1 (cur_iter 0): check, injection's count, model call; step 2: check, model call
    expect(hook.runs()).toBe(5);
    expect(prompts(model)).toEqual(["You are helpful. #3", "You are helpful. #5"]);
  });

  it("§8.2 an onCompressContext middleware that does not call next skips the check's run", async () => {
    const hook = numbering();
    const model = scripted(["ok"]);
    const skip: AgentMiddleware<Agent> = { onCompressContext: () => Promise.resolve() };
    const agent = makeAgent(model, { middlewares: [hook.middleware, skip] });
    await agent.reply(user("go"));
    expect(hook.runs()).toBe(1);
    expect(prompts(model)).toEqual(["You are helpful. #1"]);
  });

  it("§3.6 an onReasoning middleware that does not call next skips the model call's run", async () => {
    const hook = numbering();
    const model = scripted(["never"]);
    const answer: AgentMiddleware<Agent> = {
      // eslint-disable-next-line require-yield -- answers without the model
      async *onReasoning() {
        await Promise.resolve();
      },
    };
    const agent = makeAgent(model, {
      middlewares: [hook.middleware, answer],
      reactConfig: { maxIters: 1 },
    });
    await agent.reply(user("go"));
    expect(hook.runs()).toBe(1);
    expect(model.calls).toHaveLength(0);
  });

  it("agents without the hook keep the prompt they were given on every call", async () => {
    const model = scripted(toolRound);
    const agent = makeAgent(model, { tools: [echo()], state: allow("echo") });
    await agent.reply(user("go"));
    expect(prompts(model)).toEqual(["You are helpful.", "You are helpful."]);
  });
});
