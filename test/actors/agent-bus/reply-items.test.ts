import { describe, expect, it } from "vitest";
import { Msg, type AgentEvent } from "../../../src/index.js";
import { allow, collect, echo, gatedTool, makeAgent, shape, user } from "../agent/agent-fixture.js";

/** `agent.replyItems` is the hook an agent on the bus is served with: events, then the final message. */
describe("Agent.replyItems", () => {
  it("yields the reply's events in order, then the message reply() would return", async () => {
    const turns = () => [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"];
    const reference = makeAgent(turns(), { tools: [echo()], state: allow("echo") });
    const expected = shape(await collect(reference.replyStream(user("go"))));
    const agent = makeAgent(turns(), { tools: [echo()], state: allow("echo") });
    const items: (AgentEvent | Msg)[] = [];
    for await (const item of agent.replyItems(user("go"))) items.push(item);
    const last = items.pop();
    expect(last).toBeInstanceOf(Msg);
    expect((last as Msg).getTextContent()).toBe("done");
    expect((last as Msg).id).toBe(agent.state.replyId);
    expect(items.some((item) => item instanceof Msg)).toBe(false);
    expect(shape(items as AgentEvent[])).toEqual(expected);
  });

  it("ends a parked reply with the waiting message", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
    });
    const items: (AgentEvent | Msg)[] = [];
    for await (const item of agent.replyItems(user("go"))) items.push(item);
    const last = items.at(-1);
    expect(last).toBeInstanceOf(Msg);
    expect((last as Msg).finished_reason).toBeNull();
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
  });

  it("takes its turn when iteration starts and leaves the queue when stopped before it", async () => {
    const gate = gatedTool();
    const agent = makeAgent(
      [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "first", "second"],
      { tools: [gate.tool], state: allow("wait") },
    );
    const one = agent.reply(user("one"));
    await gate.started;
    const queued = agent.replyItems(user("skipped"));
    const pending = queued.next();
    await queued.return(undefined);
    expect(await pending).toEqual({ done: true, value: undefined });
    gate.open();
    expect((await one).getTextContent()).toBe("first");
    expect((await agent.reply(user("two"))).getTextContent()).toBe("second");
  });
});
