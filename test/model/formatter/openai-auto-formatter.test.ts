import { describe, expect, it } from "vitest";
import { Agent, Toolkit } from "../../../src/index.js";
import { AssistantMsg, SystemMsg, UserMsg } from "../../../src/message/index.js";
import {
  CONVERSATION_HISTORY_PROMPT,
  OpenAIAutoFormatter,
  OpenAIChatFormatter,
  OpenAIChatModel,
  hasOtherAgents,
} from "../../../src/model/index.js";
import { completion } from "../../harness/openai-server.js";
import { useOpenAIServer } from "../openai/use-openai-server.js";

const system = new SystemMsg({ name: "system", content: "You are Alice." });
const user = new UserMsg({ name: "user", content: "Tabs or spaces?" });
const alice = new AssistantMsg({ name: "Alice", content: "Tabs." });
const bob = new AssistantMsg({ name: "Bob", content: "Spaces." });

describe("OpenAIAutoFormatter (the default formatter)", () => {
  it("hasOtherAgents: an assistant message of another name than the calling agent's", () => {
    expect(hasOtherAgents([system, user, alice], "Alice")).toBe(false);
    expect(hasOtherAgents([system, user, bob], "Alice")).toBe(true);
    // Without the caller's name: assistant messages of two names.
    expect(hasOtherAgents([user, bob], undefined)).toBe(false);
    expect(hasOtherAgents([user, alice, bob], undefined)).toBe(true);
  });

  it("formats one agent's conversation as chat, and one with another agent as multi-agent history", async () => {
    const formatter = new OpenAIAutoFormatter();
    const own = [system, user, alice];
    expect(await formatter.format(own, { agentName: "Alice" })).toEqual(
      await new OpenAIChatFormatter().format(own),
    );
    expect(await formatter.format([system, user, bob], { agentName: "Alice" })).toEqual([
      { role: "system", content: "You are Alice." },
      {
        role: "user",
        content: `${CONVERSATION_HISTORY_PROMPT}<history>\nuser: Tabs or spaces?\nBob: Spaces.\n</history>`,
      },
    ]);
  });

  it("is OpenAIChatModel's default; formatter: 'chat' keeps the plain chat formatter", () => {
    const options = { model: "m", apiKey: "k", baseURL: "http://127.0.0.1:9/v1" };
    expect(new OpenAIChatModel(options).formatter).toBeInstanceOf(OpenAIAutoFormatter);
    expect(new OpenAIChatModel({ ...options, formatter: "chat" }).formatter).not.toBeInstanceOf(
      OpenAIAutoFormatter,
    );
  });
});

describe("an agent that observed another agent (through the real SDK)", () => {
  const openai = useOpenAIServer("sk-test-auto-formatter");

  it("sends the other agent's words as named history, not as its own assistant turns", async () => {
    openai.server.reply({ kind: "json", body: completion({ content: "Tabs, Bob." }) });
    const agent = new Agent({
      name: "Alice",
      systemPrompt: "You are Alice.",
      model: openai.model(false),
      toolkit: new Toolkit(),
      injectionConfig: { injectRuntimeState: false },
    });
    await agent.observe([user, bob]);
    const answer = await agent.reply();
    expect(answer.getTextContent()).toBe("Tabs, Bob.");
    const messages = openai.server.requests[0]!.body["messages"] as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(JSON.stringify(messages[1])).toContain("Bob: Spaces.");
  });
});
