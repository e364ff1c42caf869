import { describe, expect, it } from "vitest";
import { SystemMsg, UserMsg, type Agent, type Msg, type ScriptedTurn } from "../../../src/index.js";
import {
  allow,
  confirmEvent,
  echo,
  gatedTool,
  makeAgent,
  scripted,
  user,
  yes,
} from "./agent-fixture.js";

const TOOL_ROUND: ScriptedTurn[] = [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"];

/** Role and text of each context message (tool blocks shown by type). */
function transcript(agent: Agent): string[] {
  return agent.state.context.map(
    (m) => `${m.role}:${m.content.map((b) => (b.type === "text" ? b.text : b.type)).join("|")}`,
  );
}

/** Every tool call in `messages` has its result in the same message (nothing in between). */
function answeredInPlace(messages: readonly Msg[]): boolean {
  return messages.every((m) => {
    const calls = m.getContentBlocks("tool_call").map((c) => c.id);
    const results = new Set(m.getContentBlocks("tool_result").map((r) => r.id));
    return calls.every((id) => results.has(id));
  });
}

describe("Agent.observe (spec §3.2, §3.4)", () => {
  it("§3.2 while idle, observe appends at once", () => {
    const agent = makeAgent(["x"]);
    void agent.observe(user("note"));
    expect(transcript(agent)).toEqual(["user:note"]);
  });

  it("§3.2 during a reply, observed messages wait until it ends (never between a tool call and its result), in order", async () => {
    const { tool, open, started } = gatedTool();
    const model = scripted(TOOL_ROUND);
    const agent = makeAgent(model, { tools: [tool], state: allow("wait") });
    const reply = agent.reply(user("go"));
    await started;
    await agent.observe(user("first"));
    await agent.observe([user("second"), new UserMsg({ name: "bob", content: "third" })]);
    // Queued, not in the live context: the reply message still ends with the running call.
    expect(transcript(agent)).toEqual(["user:go", "assistant:tool_call"]);
    open();
    expect((await reply).getTextContent()).toBe("done");
    expect(transcript(agent)).toEqual([
      "user:go",
      "assistant:tool_call|tool_result|done",
      "user:first",
      "user:second",
      "user:third",
    ]);
    // The model's second request had the call and its result together, nothing observed.
    const second = model.calls[1]!.messages;
    expect(second.some((m) => m.getTextContent() === "first")).toBe(false);
    expect(answeredInPlace(second)).toBe(true);
  });

  it("§3.4 an invalid message is refused at once, even during a reply", async () => {
    const { tool, open, started } = gatedTool();
    const agent = makeAgent(TOOL_ROUND, { tools: [tool], state: allow("wait") });
    const reply = agent.reply(user("go"));
    await started;
    await expect(agent.observe(new SystemMsg({ name: "s", content: "x" }))).rejects.toMatchObject({
      code: "REPLY_INVALID_MESSAGE",
    });
    open();
    await reply;
    expect(transcript(agent)).toHaveLength(2);
  });

  it("§3.3 a reply that fails still appends the messages observed during it", async () => {
    const { tool, open, started } = gatedTool();
    const agent = makeAgent(
      [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, new Error("model down")],
      { tools: [tool], state: allow("wait") },
    );
    const reply = agent.reply(user("go"));
    await started;
    await agent.observe(user("while failing"));
    open();
    await expect(reply).rejects.toThrow("model down");
    expect(transcript(agent).at(-1)).toBe("user:while failing");
  });

  it("§3.2 messages observed while a reply is parked wait until it is resumed and ends (departure: they do not hide the parked calls)", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      { tools: [echo()] },
    );
    await agent.reply(user("go"));
    await agent.observe(user("while parked"));
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(true);
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    expect((await agent.reply(confirmEvent(agent, [yes(asked)]))).getTextContent()).toBe("done");
    expect(transcript(agent)).toEqual([
      "user:go",
      "assistant:tool_call|tool_result|done",
      "user:while parked",
    ]);
  });

  it("§3.2 messages observed while a reply is parked are appended when interrupt() closes it", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
    });
    await agent.reply(user("go"));
    await agent.observe(user("note"));
    await agent.interrupt();
    expect(transcript(agent).at(-1)).toBe("user:note");
  });
});
