import { describe, expect, it } from "vitest";
import {
  Agent,
  AssistantMsg,
  MsgHub,
  ScriptedModel,
  SystemMsg,
  Toolkit,
  UserMsg,
  isFrozenMsg,
  type HubPost,
} from "../../../src/index.js";
import { recordWarnings } from "../../tools/fixtures.js";
import { allow, echo, gatedTool, outcome } from "../agent/agent-fixture.js";
import { HandPort, heard, lines, talker } from "./hub-fixture.js";

const host = (text: string) => new UserMsg({ name: "host", content: text });

describe("MsgHub in one process", () => {
  const warnings = recordWarnings();

  it("gives each participant the announcement, then every reply of the others, never its own (AgentScope's example)", async () => {
    const [alice, bob, carol] = ["alice", "bob", "carol"].map((id) => talker(id));
    const hub = await MsgHub.open({
      participants: [alice!, bob!, carol!],
      announcement: host("Welcome"),
    });
    await alice!.reply();
    await bob!.reply();
    expect(heard(alice!)).toEqual(["host: Welcome", "bob: bob #1"]);
    expect(heard(bob!)).toEqual(["host: Welcome", "alice: alice #1"]);
    expect(heard(carol!)).toEqual(["host: Welcome", "alice: alice #1", "bob: bob #1"]);
    await hub.close();
  });

  it("broadcasts a participant's reply whoever asked for it, streamed or not", async () => {
    const alice = talker("alice");
    const bob = talker("bob");
    await using _hub = await MsgHub.open({ participants: [alice, bob] });
    for await (const _ of alice.replyStream(host("stream it"))) {
      // the caller reads the events; the hub hears the reply's end
    }
    await alice.reply(host("again"));
    expect(heard(bob)).toEqual(["alice: alice #1", "alice: alice #2"]);
  });

  it("delivers concurrent replies in one order that every participant shares", async () => {
    const agents = ["a", "b", "c", "d", "e"].map((id) => talker(id));
    const hub = await MsgHub.open({ participants: agents });
    const posts: HubPost[] = [];
    hub.posts$.subscribe((post) => posts.push(post));
    await Promise.all(agents.flatMap((agent) => [agent.reply(), agent.reply()]));
    const order = posts.map((post) => lines(post.msgs)[0]);
    expect(order).toHaveLength(10);
    for (const agent of agents) {
      expect(heard(agent)).toEqual(order.filter((line) => !line?.startsWith(`${agent.name}:`)));
    }
    await hub.close();
  });

  it("hands on what the reply's last model call said: no thinking, tool calls, tool results or hints", async () => {
    const alice = new Agent({
      id: "alice",
      name: "alice",
      systemPrompt: "You are Alice.",
      toolkit: new Toolkit({ tools: [echo()] }),
      state: allow("echo"),
      model: new ScriptedModel({
        responses: [
          {
            thinking: "let me check",
            text: "Checking.",
            toolCalls: [{ name: "echo", input: { text: "x" } }],
          },
          { thinking: "done", text: "It is x." },
        ],
      }),
    });
    const bob = talker("bob");
    await using _hub = await MsgHub.open({ participants: [alice, bob] });
    const final = await alice.reply(host("what is it?"));
    expect(final.hasContentBlocks("thinking")).toBe(true);
    const [said] = bob.state.context;
    expect(said?.content.map((b) => b.type)).toEqual(["text"]);
    expect(said?.getTextContent()).toBe("It is x.");
    expect(said).toMatchObject({ name: "alice", role: "assistant", id: final.id });
    expect(said?.finished_reason).toBe("completed");
  });

  it("says nothing for a reply whose last model call said nothing (interrupted in a tool)", async () => {
    const { tool, started } = gatedTool();
    const alice = new Agent({
      id: "alice",
      name: "alice",
      systemPrompt: "You are Alice.",
      toolkit: new Toolkit({ tools: [tool] }),
      state: allow("wait"),
      model: new ScriptedModel({ responses: [{ toolCalls: [{ name: "wait", input: {} }] }] }),
    });
    const bob = talker("bob");
    await using hub = await MsgHub.open({ participants: [alice, bob] });
    const posts: HubPost[] = [];
    hub.posts$.subscribe((post) => posts.push(post));
    const reply = alice.reply(host("wait"));
    await started;
    await alice.interrupt();
    expect((await reply).finished_reason).toBe("interrupted");
    expect(posts).toEqual([]);
    expect(bob.state.context).toEqual([]);
  });

  it("hands every participant the same frozen message: one object, no copy per participant", async () => {
    const agents = ["a", "b", "c"].map((id) => talker(id));
    await using hub = await MsgHub.open({ participants: agents });
    await agents[0]!.reply();
    await hub.broadcast(new UserMsg({ name: "host", content: "shared" }));
    const [b, c] = [agents[1]!.state.context, agents[2]!.state.context];
    expect(b[0]).toBe(c[0]);
    expect(b[1]).toBe(c[1]);
    expect(isFrozenMsg(b[0])).toBe(true);
    expect(() => {
      (b[1]!.content[0] as { text: string }).text = "changed";
    }).toThrow(TypeError);
    // The agent's state still goes to JSON and back, and the copy is its own.
    const restored = JSON.parse(JSON.stringify(agents[1]!.state)) as {
      context: { content: { text: string }[] }[];
    };
    restored.context[1]!.content[0]!.text = "mine";
    expect(c[1]?.getTextContent()).toBe("shared");
  });

  it("participants that all speak in one synchronous stretch are heard by the others in one order, one post per turn", async () => {
    const hands = ["a", "b", "c", "d"].map((id) => new HandPort(id));
    await using hub = await MsgHub.open({ participants: hands });
    const posts: HubPost[] = [];
    hub.posts$.subscribe((post) => posts.push(post));
    for (const hand of hands) hand.say(`${hand.id} speaks`);
    // The first post goes at once; the others follow one turn of the microtask queue apart.
    expect(posts).toHaveLength(1);
    await hub.flush();
    const order = posts.map((post) => lines(post.msgs)[0]);
    expect(order).toEqual(["a: a speaks", "b: b speaks", "c: c speaks", "d: d speaks"]);
    for (const hand of hands) {
      expect(lines(hand.observed)).toEqual(
        order.filter((line) => !line?.startsWith(`${hand.id}:`)),
      );
    }
  });

  it("broadcast reaches every participant and waits until they observed it", async () => {
    const alice = talker("alice");
    const hand = new HandPort("hand");
    await using hub = await MsgHub.open({ participants: [alice, hand] });
    await hub.broadcast([host("one"), { name: "host", role: "user", content: "two" }]);
    expect(heard(alice)).toEqual(["host: one", "host: two"]);
    expect(lines(hand.observed)).toEqual(["host: one", "host: two"]);
  });

  it("refuses to broadcast what no agent can observe, and sends nothing", async () => {
    const alice = talker("alice");
    await using hub = await MsgHub.open({ participants: [alice] });
    const thinking = new AssistantMsg({
      name: "x",
      content: [{ type: "thinking", thinking: "hm" }],
    });
    for (const bad of [
      new SystemMsg({ name: "s", content: "rules" }),
      [host("ok"), thinking],
      [],
      { name: 1 },
    ]) {
      expect(await outcome(hub.broadcast(bad))).toBe("HUB_INVALID_MESSAGE");
    }
    expect(
      () =>
        new MsgHub({
          participants: [alice],
          announcement: new SystemMsg({ name: "s", content: "x" }),
        }),
    ).toThrow(expect.objectContaining({ code: "HUB_INVALID_MESSAGE" }));
    expect(alice.state.context).toEqual([]);
  });

  it("add: a new participant hears what is said after it joined, and is heard; a second add of one id is a warning", async () => {
    const alice = talker("alice");
    const bob = talker("bob");
    await using hub = await MsgHub.open({ participants: [alice] });
    await alice.reply();
    hub.add(bob);
    hub.add([bob]);
    expect(warnings.some((w) => w.includes("'bob' takes part already"))).toBe(true);
    await alice.reply();
    await bob.reply();
    expect(heard(bob)).toEqual(["alice: alice #2"]);
    expect(heard(alice)).toEqual(["bob: bob #1"]);
    expect(hub.participants.map((p) => p.id)).toEqual(["alice", "bob"]);
  });

  it("remove: a removed agent hears nothing more and is not heard; an unknown one is a warning", async () => {
    const [alice, bob, carol] = ["alice", "bob", "carol"].map((id) => talker(id));
    await using hub = await MsgHub.open({ participants: [alice!, bob!, carol!] });
    hub.remove(bob!);
    hub.remove("nobody");
    expect(warnings.some((w) => w.includes("cannot find agent 'nobody'"))).toBe(true);
    await alice!.reply();
    await bob!.reply();
    expect(heard(bob!)).toEqual([]);
    expect(heard(carol!)).toEqual(["alice: alice #1"]);
    hub.remove([carol!.id]);
    expect(hub.participants.map((p) => p.id)).toEqual(["alice"]);
  });

  it("setAutoBroadcast(false) keeps replies to their speakers; broadcast still works", async () => {
    const alice = talker("alice");
    const bob = talker("bob");
    await using hub = await MsgHub.open({ participants: [alice, bob], autoBroadcast: false });
    await alice.reply();
    await hub.broadcast(host("news"));
    expect(heard(bob)).toEqual(["host: news"]);
    hub.setAutoBroadcast(true);
    expect(hub.autoBroadcast).toBe(true);
    await alice.reply();
    expect(heard(bob)).toEqual(["host: news", "alice: alice #2"]);
  });

  it("a participant that fails to observe is a warning; the others still get the message", async () => {
    const rejecting = new HandPort("rejecting");
    rejecting.failure = "reject";
    const throwing = new HandPort("throwing");
    throwing.failure = "throw";
    const alice = talker("alice");
    const bob = talker("bob");
    await using _hub = await MsgHub.open({ participants: [rejecting, throwing, alice, bob] });
    await alice.reply();
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard(bob)).toEqual(["alice: alice #1"]);
    expect(warnings.filter((w) => w.includes("did not take a message"))).toHaveLength(2);
  });

  it("broadcast rejects with the first observe error, after every participant was given the message", async () => {
    const refusing = new HandPort("refusing");
    refusing.failure = "reject";
    const alice = talker("alice");
    await using hub = await MsgHub.open({ participants: [refusing, alice] });
    await expect(hub.broadcast(host("x"))).rejects.toThrow("refusing refuses");
    expect(heard(alice)).toEqual(["host: x"]);
  });

  it("close: replies are no longer handed on, and the hub refuses work with HUB_CLOSED", async () => {
    const alice = talker("alice");
    const bob = talker("bob");
    const hub = await MsgHub.open({ participants: [alice, bob] });
    let completed = false;
    hub.posts$.subscribe({ complete: () => (completed = true) });
    await hub.close();
    await hub.close();
    await alice.reply();
    expect(heard(bob)).toEqual([]);
    expect(completed).toBe(true);
    expect(await outcome(hub.broadcast(host("x")))).toBe("HUB_CLOSED");
    expect(() => {
      hub.add(talker("carol"));
    }).toThrow(expect.objectContaining({ code: "HUB_CLOSED" }));
  });

  it("refuses a participant that is not an agent, and options it does not know", () => {
    expect(() => new MsgHub({ participants: [{ id: "x" } as never] })).toThrow(
      expect.objectContaining({ code: "HUB_INVALID_PARTICIPANT" }),
    );
    expect(() => new MsgHub({ participants: [], anouncement: host("x") } as never)).toThrow(
      expect.objectContaining({
        code: "VALIDATION_FAILED",
        message: expect.stringContaining("announcement") as string,
      }),
    );
    expect(() => new MsgHub({ participants: [], deliveryTimeoutMs: 0 })).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
  });
});
