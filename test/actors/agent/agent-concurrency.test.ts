import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FunctionTool,
  ScriptedModel,
  UserMsg,
  createEvent,
  type AgentEvent,
  type DataBlock,
  type Msg,
} from "../../../src/index.js";
import { collect, confirmEvent, echo, makeAgent, outcome, user, yes } from "./agent-fixture.js";

const BUSY = "REPLY_BUSY";

/** A gate a test opens when it wants (an offloader or a tool waits on it). */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** A user message with a data block no model takes, so the agent awaits its offloader. */
function withAttachment(text: string): Msg {
  const block: DataBlock = {
    type: "data",
    id: `d-${text}`,
    source: { type: "base64", data: "AAAA", media_type: "application/x-unknown" },
    name: "blob.bin",
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  return new UserMsg({ name: "user", content: [{ type: "text", text }, block] });
}

/** An offloader that stores nothing until `until` resolves. */
function slowOffloader(until: Promise<void>) {
  return {
    async offloadDataBlock(block: DataBlock): Promise<DataBlock> {
      await until;
      return { ...block, source: { type: "url", url: "file:///tmp/blob.bin", media_type: "x/y" } };
    },
  };
}

const userTexts = (agent: { state: { context: Msg[] } }) =>
  agent.state.context.filter((m) => m.role === "user").map((m) => m.getTextContent());

describe("Agent: { queue: false } refuses at once while a reply holds the agent (check and claim are one step)", () => {
  it("two reply() calls in the same tick: the second gets REPLY_BUSY, the first its own answer", async () => {
    const agent = makeAgent(["first answer", "third answer"]);
    const first = agent.reply(user("one"));
    const second = agent.reply(user("two"), { queue: false });
    expect(await outcome(second)).toBe(BUSY);
    expect((await first).getTextContent()).toBe("first answer");
    expect(userTexts(agent)).toEqual(["one"]);
    // The agent is free again: the next reply runs.
    expect((await agent.reply(user("three"))).getTextContent()).toBe("third answer");
  });

  it("reply() then replyStream() in the same tick: the stream fails with REPLY_BUSY", async () => {
    const agent = makeAgent(["answer"]);
    const first = agent.reply(user("one"));
    const stream = collect(agent.replyStream(user("two"), { queue: false }));
    expect(await outcome(stream)).toBe(BUSY);
    expect((await first).getTextContent()).toBe("answer");
  });

  it("a started replyStream() then reply(): the reply gets REPLY_BUSY, the stream its own events", async () => {
    const agent = makeAgent(["streamed"]);
    const events: AgentEvent[] = [];
    const iterator = agent.replyStream(user("one"))[Symbol.asyncIterator]();
    const firstNext = iterator.next();
    const second = agent.reply(user("two"), { queue: false });
    expect(await outcome(second)).toBe(BUSY);
    let item = await firstNext;
    while (item.done !== true) {
      events.push(item.value);
      item = await iterator.next();
    }
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(userTexts(agent)).toEqual(["one"]);
  });

  it("two replyStream() started in the same tick: the second fails with REPLY_BUSY", async () => {
    const agent = makeAgent(["streamed"]);
    const a = collect(agent.replyStream(user("one")));
    const b = collect(agent.replyStream(user("two"), { queue: false }));
    expect(await outcome(b)).toBe(BUSY);
    expect((await a).at(-1)).toMatchObject({ type: "REPLY_END" });
  });

  it("with an onReply middleware, the second reply gets REPLY_BUSY and the first completes", async () => {
    const agent = makeAgent(["first", "later"], {
      middlewares: [
        {
          async *onReply(_agent, input, next) {
            yield* next(input);
          },
        },
      ],
    });
    const first = agent.reply(user("one"));
    const second = agent.reply(user("two"), { queue: false });
    expect(await outcome(second)).toBe(BUSY);
    expect((await first).getTextContent()).toBe("first");
    expect((await agent.reply(user("three"))).getTextContent()).toBe("later");
  });

  it("§3.4 an input whose media replacement awaits the offloader still claims the agent at once", async () => {
    const slow = gate();
    const agent = makeAgent(["first", "second"], { offloader: slowOffloader(slow.wait) });
    const first = agent.reply(withAttachment("one"));
    const second = agent.reply(withAttachment("two"), { queue: false });
    slow.open();
    expect(await outcome(second)).toBe(BUSY);
    expect((await first).getTextContent()).toBe("first");
    expect(userTexts(agent)).toEqual([
      "one\n<system-reminder>An attached file named 'blob.bin' is saved into file:///tmp/blob.bin.</system-reminder>",
    ]);
  });

  it("a failure while preparing the input (the offloader throws) releases the claim", async () => {
    const agent = makeAgent(["answer"], {
      offloader: {
        offloadDataBlock: () => Promise.reject(new Error("disk full")),
      },
    });
    await expect(agent.reply(withAttachment("one"))).rejects.toThrow("disk full");
    expect(agent.state.context).toEqual([]);
    expect((await agent.reply(user("two"))).getTextContent()).toBe("answer");
  });

  it("two confirm resumes in the same tick: one resumes the reply, the other gets REPLY_BUSY", async () => {
    const ran: string[] = [];
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      { tools: [echo(ran)] },
    );
    await agent.reply(user("go"));
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const event = confirmEvent(agent, [yes(asked)]);
    const first = agent.reply(event);
    const second = agent.reply(event, { queue: false });
    expect(await outcome(second)).toBe(BUSY);
    expect((await first).getTextContent()).toBe("done");
    expect(ran).toEqual(["x"]);
  });

  it("§3.8 interrupt() while a reply is claimed but not yet started is not lost: the reply ends interrupted", async () => {
    const slow = gate();
    const agent = makeAgent(["never said"], { offloader: slowOffloader(slow.wait) });
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    const reply = agent.reply(withAttachment("one"));
    const interrupted = agent.interrupt();
    slow.open();
    await interrupted;
    const msg = await reply;
    expect(msg.finished_reason).toBe("interrupted");
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });
    expect(userTexts(agent)).toHaveLength(1); // the input was not lost
    expect((await agent.reply(user("again"))).getTextContent()).not.toBe("");
  });

  it("§3.8 interrupt() while a resume is being prepared: the resume applies, and the reply it parks again is closed", async () => {
    const asker = (name: string) =>
      new FunctionTool({
        name,
        description: `${name} tool`,
        parameters: z.object({ text: z.string() }),
        isConcurrencySafe: true,
        fn: ({ text }: { text: string }) => text,
      });
    const turns = [
      {
        toolCalls: [
          { id: "c1", name: "a", input: { text: "a" } },
          { id: "c2", name: "b", input: { text: "b" } },
        ],
      },
    ];
    const first = makeAgent(turns, { tools: [asker("a"), asker("b")] });
    await first.reply(user("go"));
    expect(first.state.getAwaitingToolCalls("Friday").map((c) => c.id)).toEqual(["c1", "c2"]);
    // Restored elsewhere: the new agent learns its tools before it resumes (an await).
    const agent = makeAgent(["unused"], {
      tools: [asker("a"), asker("b")],
      state: JSON.parse(JSON.stringify(first.state)) as never,
    });
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    const [c1] = agent.state.getAwaitingToolCalls("Friday");
    // Denying c1 alone parks the reply again at once (c2 still asks).
    const resumed = agent.reply(
      confirmEvent(agent, [{ confirmed: false, tool_call: c1!, rules: null }]),
    );
    const interrupted = agent.interrupt();
    await interrupted;
    const msg = await resumed;
    expect(msg.finished_reason).toBe("interrupted");
    const results = agent.state.context.at(-1)!.getContentBlocks("tool_result");
    expect(results.map((r) => `${r.id}:${r.state}`)).toEqual(["c1:denied", "c2:interrupted"]);
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(false);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("a replyStream() stopped early leaves the agent free for the next reply, which gets its own answer", async () => {
    const model = new ScriptedModel({
      responses: ["word ".repeat(200), "second answer"],
      chunkSize: 5,
      chunkLatencyMs: 5,
    });
    const agent = makeAgent(model);
    for await (const event of agent.replyStream(user("talk"))) {
      if (event.type === "TEXT_BLOCK_DELTA") break;
    }
    const next = await agent.reply(user("again"));
    expect(next.getTextContent()).toBe("second answer");
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });
});

describe("Agent: a consumer that stops reading without closing its stream", () => {
  it("§3.3 with an onReply middleware, a parked reply still frees the agent for its resume", async () => {
    const ran: string[] = [];
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      {
        tools: [echo(ran)],
        middlewares: [
          {
            async *onReply(_agent, input, next) {
              yield* next(input);
            },
          },
        ],
      },
    );
    const iterator = agent.replyStream(user("go"))[Symbol.asyncIterator]();
    await iterator.next(); // REPLY_START, then the reader goes away
    // The machine parks without the reader: the agent waits for the user, not for the reader.
    await new Promise((resolve) => setImmediate(resolve));
    const asked = agent.state.getAwaitingToolCalls("Friday")[0];
    expect(asked?.state).toBe("asking");
    expect((await agent.reply(confirmEvent(agent, [yes(asked!)]))).getTextContent()).toBe("done");
    expect(ran).toEqual(["x"]);
  });
});

describe("Agent: interrupts of a parked reply", () => {
  async function parked() {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "after"],
      { tools: [echo()] },
    );
    await agent.reply(user("go"));
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    return { agent, events };
  }

  it("§3.8 two interrupt() calls on a parked agent close it once and leave it idle and usable", async () => {
    const { agent, events } = await parked();
    const results = await Promise.allSettled([agent.interrupt(), agent.interrupt()]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(events.filter((e) => e.type === "REPLY_END")).toHaveLength(1);
    expect(agent.actor.getSnapshot().value).toBe("idle");
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(false);
    expect((await agent.reply(user("next"))).getTextContent()).toBe("after");
  });

  it("§3.8 interrupt() then reply(USER_INTERRUPT): the parked reply closes once, the reply call has nothing left to do", async () => {
    const { agent, events } = await parked();
    const event = createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId });
    const first = agent.interrupt();
    const second = agent.reply(event);
    await first;
    // Nothing left to interrupt: as on an idle agent (§11.107).
    expect(await outcome(second)).toBe("REPLY_NO_FINAL_MESSAGE");
    expect(events.filter((e) => e.type === "REPLY_END")).toHaveLength(1);
    expect(agent.actor.getSnapshot().value).toBe("idle");
    expect((await agent.reply(user("next"))).getTextContent()).toBe("after");
  });

  it("§3.8 reply(USER_INTERRUPT) then interrupt(): the reply call closes the parked reply, interrupt() does nothing", async () => {
    const { agent, events } = await parked();
    const event = createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId });
    const first = agent.reply(event);
    const second = agent.interrupt();
    expect((await first).finished_reason).toBe("interrupted");
    await second;
    expect(events.filter((e) => e.type === "REPLY_END")).toHaveLength(1);
    expect(agent.actor.getSnapshot().value).toBe("idle");
    expect((await agent.reply(user("next"))).getTextContent()).toBe("after");
  });
});
