import { Agent, ScriptedModel, Toolkit, UserMsg } from "../../src/index.js";
import type { FootprintContender } from "./scenario.js";

/**
 * One model for every agent, as a simulation shares one client: a responder answering text to
 * any conversation, so the model holds no per-agent script and costs the agents nothing.
 */
const model = new ScriptedModel({ responses: () => ({ text: "done" }), stream: false });

function newAgent(index: number): Agent {
  return new Agent({
    name: `agent-${index}`,
    systemPrompt: "You are a benchmark.",
    model,
    toolkit: new Toolkit(),
    injectionConfig: { injectRuntimeState: false },
  });
}

/** A constructed `Agent` that has never replied. */
export const freshAgent: FootprintContender = {
  setup: "new Agent({ name, systemPrompt, model (shared ScriptedModel), empty Toolkit })",
  make: newAgent,
};

/**
 * An `Agent` after one reply (a user message in, a text answer out): its context holds the two
 * messages, its statechart is back in `idle`.
 */
export const idleAgent: FootprintContender = {
  setup: "as fresh, then one reply(UserMsg) answered with text; injectRuntimeState off",
  make: async (index: number) => {
    const agent = newAgent(index);
    const msg = await agent.reply(new UserMsg({ name: "user", content: "hi" }));
    if (msg.getTextContent() !== "done") {
      throw new Error(`Agent ${index} replied ${JSON.stringify(msg.getTextContent())}.`);
    }
    return agent;
  },
};
