import { describe, expect, it } from "vitest";
import {
  ScriptedModel,
  SystemMsg,
  createEvent,
  type Agent,
  type AgentEvent,
  type DataBlock,
  type Msg,
  UserMsg,
} from "../../../src/index.js";
import { allow, collect, echo, gatedTool, makeAgent, outcome, user } from "./agent-fixture.js";

/** The text of the last user message a model request ends with. */
const lastUserText = (messages: readonly Msg[]) =>
  messages
    .filter((m) => m.role === "user")
    .at(-1)
    ?.getTextContent() ?? "";

/**
 * A model that answers `answer to <text>` to the last user message, except that an input starting
 * with "hold" first calls the gated "wait" tool (the reply then runs until the test opens it).
 */
function answeringModel() {
  return new ScriptedModel({
    recordCalls: true,
    responses: (messages) => {
      const last = messages.at(-1);
      const text = lastUserText(messages);
      if (text.startsWith("hold") && last?.role === "user")
        return { toolCalls: [{ id: `w-${text}`, name: "wait", input: {} }] };
      return `answer to ${text}`;
    },
  });
}

function heldAgent() {
  const gated = gatedTool();
  const model = answeringModel();
  const agent = makeAgent(model, { tools: [gated.tool], state: allow("wait") });
  return { agent, model, ...gated };
}

const userTexts = (agent: Agent) =>
  agent.state.context.filter((m) => m.role === "user").map((m) => m.getTextContent());

describe("Agent mailbox: replies queue in order", () => {
  it("100 concurrent reply() calls on one agent all settle, in order, each with its own answer", async () => {
    const agent = makeAgent(answeringModel());
    const settledOrder: number[] = [];
    const calls = Array.from({ length: 100 }, (_, i) =>
      agent.reply(user(`q${i}`)).then((msg) => {
        settledOrder.push(i);
        return msg.getTextContent();
      }),
    );
    const answers = await Promise.all(calls);
    expect(answers).toEqual(answers.map((_, i) => `answer to q${i}`));
    expect(settledOrder).toEqual(answers.map((_, i) => i));
    expect(userTexts(agent)).toEqual(answers.map((_, i) => `q${i}`));
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("reply() and replyStream() interleaved queue in call order, each with its own answer", async () => {
    const agent = makeAgent(answeringModel());
    const finalText = (events: AgentEvent[]) =>
      events
        .filter((e) => e.type === "TEXT_BLOCK_DELTA")
        .map((e) => e.delta)
        .join("");
    const a = agent.reply(user("a"));
    const b = collect(agent.replyStream(user("b")));
    const c = agent.reply(user("c"));
    const d = collect(agent.replyStream(user("d")));
    expect((await a).getTextContent()).toBe("answer to a");
    expect(finalText(await b)).toBe("answer to b");
    expect((await c).getTextContent()).toBe("answer to c");
    expect(finalText(await d)).toBe("answer to d");
    expect(userTexts(agent)).toEqual(["a", "b", "c", "d"]);
  });

  it("{ queue: false } gives REPLY_BUSY while a reply runs or waits; the queued ones still run", async () => {
    const { agent, open, started } = heldAgent();
    const first = agent.reply(user("hold 1"));
    const queued = agent.reply(user("two"));
    await started;
    expect(await outcome(agent.reply(user("refused"), { queue: false }))).toBe("REPLY_BUSY");
    expect(await outcome(collect(agent.replyStream(user("no"), { queue: false })))).toBe(
      "REPLY_BUSY",
    );
    open();
    expect((await first).getTextContent()).toBe("answer to hold 1");
    expect((await queued).getTextContent()).toBe("answer to two");
    expect(userTexts(agent)).toEqual(["hold 1", "two"]);
  });

  it("§3.4 a queued reply's invalid input rejects at once and nothing is queued", async () => {
    const { agent, open, started } = heldAgent();
    const first = agent.reply(user("hold"));
    await started;
    // Rejected while the first still runs (the gate is closed).
    await expect(agent.reply(new SystemMsg({ name: "s", content: "x" }))).rejects.toMatchObject({
      code: "REPLY_INVALID_MESSAGE",
    });
    await expect(agent.reply(user("x"), { queue: "yes" } as never)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    open();
    await first;
    expect(userTexts(agent)).toEqual(["hold"]);
  });

  it("§3.8 interrupt() while replies are queued: the running one ends interrupted, the queued ones run in order", async () => {
    const { agent, started } = heldAgent();
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    const running = agent.reply(user("hold"));
    const second = agent.reply(user("two"));
    const third = collect(agent.replyStream(user("three")));
    await started;
    await agent.interrupt();
    expect((await running).finished_reason).toBe("interrupted");
    expect((await second).getTextContent()).toBe("answer to two");
    expect((await third).at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    const ends = events.filter((e) => e.type === "REPLY_END").map((e) => e.finished_reason);
    expect(ends).toEqual(["interrupted", "completed", "completed"]);
    expect(userTexts(agent)).toEqual(["hold", "two", "three"]);
  });

  it("§3.8 a USER_INTERRUPT reply input while another reply runs interrupts it; the queued reply then runs", async () => {
    const { agent, started } = heldAgent();
    const running = agent.reply(user("hold"));
    const queued = agent.reply(user("after"));
    await started;
    const event = createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId });
    // Nothing of its own to reply: it passes the interrupt on (as today).
    expect(await outcome(agent.reply(event))).toBe("REPLY_NO_FINAL_MESSAGE");
    expect((await running).finished_reason).toBe("interrupted");
    expect((await queued).getTextContent()).toBe("answer to after");
  });

  it("a queued replyStream() stopped early leaves the queue and never runs", async () => {
    const { agent, model, open, started } = heldAgent();
    const first = agent.reply(user("hold"));
    await started;
    const stream = agent.replyStream(user("never"));
    const pending = stream.next(); // takes its place in the queue
    const after = agent.reply(user("after"));
    expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await pending).toEqual({ done: true, value: undefined });
    open();
    await first;
    expect((await after).getTextContent()).toBe("answer to after");
    expect(userTexts(agent)).toEqual(["hold", "after"]);
    expect(model.calls.map((c) => lastUserText(c.messages))).not.toContain("never");
  });

  it("§3.2 observe during a reply lands when it ends, before the next queued reply starts", async () => {
    const { agent, model, open, started } = heldAgent();
    const first = agent.reply(user("hold"));
    const second = agent.reply(user("next"));
    await started;
    await agent.observe(user("note"));
    open();
    await first;
    expect((await second).getTextContent()).toBe("answer to next");
    expect(userTexts(agent)).toEqual(["hold", "note", "next"]);
    // The queued reply's model request saw the observed message.
    const request = model.calls.at(-1)!.messages.map((m) => m.getTextContent());
    expect(request).toContain("note");
    expect(request.indexOf("note")).toBeLessThan(request.indexOf("next"));
  });

  it("§3.3 a parked reply is at rest: a queued message reply gets REPLY_AWAITING_EVENT at its turn", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "unused"],
      { tools: [echo()] },
    );
    const parks = agent.reply(user("go"));
    const queued = agent.reply(user("meanwhile"));
    await parks;
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(true);
    expect(await outcome(queued)).toBe("REPLY_AWAITING_EVENT");
    expect(userTexts(agent)).toEqual(["go"]);
  });

  it("queued calls reject with ABORTED when the agent's statechart is stopped", async () => {
    const { agent, started } = heldAgent();
    const running = agent.reply(user("hold"));
    const queued = [agent.reply(user("two")), collect(agent.replyStream(user("three")))];
    await started;
    agent.actor.stop();
    expect(await outcome(running)).toBe("ABORTED");
    expect(await Promise.all(queued.map(outcome))).toEqual(["ABORTED", "ABORTED"]);
    expect(await outcome(agent.reply(user("later")))).toBe("ABORTED");
  });

  it("§3.4 a reply after an observe still replacing its media waits for it: the observed message goes first", async () => {
    let store!: () => void;
    const stored = new Promise<void>((resolve) => {
      store = resolve;
    });
    const offloader = {
      async offloadDataBlock(block: DataBlock): Promise<DataBlock> {
        await stored;
        return { ...block, source: { type: "url", url: "file:///tmp/a.bin", media_type: "x/y" } };
      },
    };
    const model = answeringModel();
    const agent = makeAgent(model, { offloader });
    const block: DataBlock = {
      type: "data",
      id: "d1",
      source: { type: "base64", data: "AAAA", media_type: "application/x-unknown" },
      name: "a.bin",
      created_at: new Date().toISOString(),
      finished_at: null,
    };
    const observed = agent.observe(
      new UserMsg({ name: "user", content: [{ type: "text", text: "file" }, block] }),
    );
    const reply = agent.reply(user("question"));
    store();
    await observed;
    expect((await reply).getTextContent()).toBe("answer to question");
    expect(userTexts(agent).map((t) => t?.split("\n")[0])).toEqual(["file", "question"]);
  });
});
