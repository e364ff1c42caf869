/**
 * One suite for the agent interface: every case runs on a local `Agent`, on an `agentRef` over
 * `InProcessBus` and on an `agentRef` over `NatsBus`, and must hold the same on each. The agent
 * itself always lives in the test process (so a gated tool can hold a reply open); what
 * changes is the port the case talks to it through.
 */
import { firstValueFrom, filter, type Observable } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Msg,
  ReplyInputError,
  createEvent,
  type Agent,
  type AgentEvent,
  type AgentPort,
  type RequireUserConfirmEvent,
} from "../../../src/index.js";
import {
  allow,
  collect,
  echo,
  gatedTool,
  makeAgent,
  outcome,
  shape,
  user,
  yes,
} from "../agent/agent-fixture.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

/** How a case reaches its agent. */
export interface PortEnv {
  /** The port of `agent`: the agent itself, or an `agentRef` through a bus. */
  port(agent: Agent): Promise<AgentPort>;
  /** Stops what `port` spawned and closes the buses. */
  close(): Promise<void>;
}

/** The first event of `type` on `events$` (subscribe before causing it). */
function next(events$: Observable<AgentEvent>, type: string): Promise<AgentEvent> {
  return firstValueFrom(events$.pipe(filter((e) => e.type === type)));
}

/** Every event of `events$` until (and with) the first REPLY_END. */
function untilReplyEnd(events$: Observable<AgentEvent>): {
  events: AgentEvent[];
  ended: Promise<AgentEvent>;
} {
  const events: AgentEvent[] = [];
  const ended = new Promise<AgentEvent>((resolve) => {
    const sub = events$.subscribe((e) => {
      events.push(e);
      if (e.type === "REPLY_END") {
        sub.unsubscribe();
        resolve(e);
      }
    });
  });
  return { events, ended };
}

const toolTurns = () => [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"];

/**
 * Runs the agent-interface cases on the ports `open` gives.
 *
 * @example
 * describeAgentPortConformance("local Agent", async () => ({ port: async (a) => a, close: async () => {} }));
 */
export function describeAgentPortConformance(name: string, open: () => Promise<PortEnv>): void {
  describe(`AgentPort conformance: ${name}`, () => {
    useQuietLogger();
    let env: PortEnv;
    beforeAll(async () => {
      env = await open();
    });
    afterAll(async () => {
      await env.close();
    });

    it("has the agent's id and name", async () => {
      const agent = makeAgent(["hi"], { name: "Friday" });
      const port = await env.port(agent);
      expect(port.id).toBe(agent.id);
      expect(port.name).toBe("Friday");
    });

    it("replies with a tool call: runs the tool and returns the final message of the reply", async () => {
      const ran: string[] = [];
      const agent = makeAgent(toolTurns(), { tools: [echo(ran)], state: allow("echo") });
      const port = await env.port(agent);
      const msg = await port.reply(user("go"));
      expect(msg).toBeInstanceOf(Msg);
      expect(msg.getTextContent()).toBe("done");
      expect(msg.id).toBe(agent.state.replyId);
      expect(msg.finished_reason).toBe("completed");
      expect(ran).toEqual(["x"]);
      expect(agent.state.context.at(-1)?.getContentBlocks("tool_result")).toHaveLength(1);
    });

    it("streams the reply's events in order, the same events as events$ and as a local agent's", async () => {
      const reference = makeAgent(toolTurns(), { tools: [echo()], state: allow("echo") });
      const expected = shape(await collect(reference.replyStream(user("go"))));
      const agent = makeAgent(toolTurns(), { tools: [echo()], state: allow("echo") });
      const port = await env.port(agent);
      const seen = untilReplyEnd(port.events$);
      const streamed = await collect(port.replyStream(user("go")));
      await seen.ended;
      expect(shape(streamed)).toEqual(expected);
      expect(streamed.map((e) => e.id)).toEqual(seen.events.map((e) => e.id));
      expect(streamed.every((e) => e.agent_id === agent.id)).toBe(true);
    });

    it("runs queued replies one at a time, in call order", async () => {
      const gate = gatedTool();
      const agent = makeAgent(
        [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "first", "second", "third"],
        { tools: [gate.tool], state: allow("wait") },
      );
      const port = await env.port(agent);
      const one = port.reply(user("one"));
      await gate.started;
      const two = port.reply(user("two"));
      const three = port.reply(user("three"));
      gate.open();
      const texts = (await Promise.all([one, two, three])).map((m) => m.getTextContent());
      expect(texts).toEqual(["first", "second", "third"]);
      const users = agent.state.context.filter((m) => m.role === "user");
      expect(users.map((m) => m.getTextContent())).toEqual(["one", "two", "three"]);
    });

    it("refuses a reply with { queue: false } while another runs (REPLY_BUSY), and the running one is untouched", async () => {
      const gate = gatedTool();
      const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
        tools: [gate.tool],
        state: allow("wait"),
      });
      const port = await env.port(agent);
      const running = port.reply(user("one"));
      await gate.started;
      const refused = port.reply(user("two"), { queue: false });
      await expect(refused).rejects.toBeInstanceOf(ReplyInputError);
      expect(await outcome(refused)).toBe("REPLY_BUSY");
      gate.open();
      expect((await running).getTextContent()).toBe("done");
      expect(agent.state.context.filter((m) => m.role === "user")).toHaveLength(1);
    });

    it("applies messages observed during a reply when the reply ends", async () => {
      const gate = gatedTool();
      const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
        tools: [gate.tool],
        state: allow("wait"),
      });
      const port = await env.port(agent);
      const running = port.reply(user("one"));
      await gate.started;
      await port.observe(user("noted"));
      expect(agent.state.context.some((m) => m.getTextContent() === "noted")).toBe(false);
      gate.open();
      await running;
      expect(agent.state.context.at(-1)?.getTextContent()).toBe("noted");
    });

    it("interrupts a running reply: it ends interrupted and the agent is at rest", async () => {
      const gate = gatedTool();
      const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
        tools: [gate.tool],
        state: allow("wait"),
      });
      const port = await env.port(agent);
      const ended = next(port.events$, "REPLY_END");
      const running = port.reply(user("one"));
      await gate.started;
      await port.interrupt();
      const msg = await running;
      expect(msg.finished_reason).toBe("interrupted");
      expect(await ended).toMatchObject({ finished_reason: "interrupted" });
      expect(agent.actor.getSnapshot().value).toBe("idle");
    });

    it("interrupts a parked reply: its calls are closed and the agent is idle", async () => {
      const agent = makeAgent(toolTurns(), { tools: [echo()] });
      const port = await env.port(agent);
      const waiting = await port.reply(user("go"));
      expect(waiting.finished_reason).toBeNull();
      expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
      await port.interrupt();
      expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(false);
      expect(agent.actor.getSnapshot().value).toBe("idle");
      await port.interrupt(); // nothing to interrupt: nothing happens
    });

    it("parks on REQUIRE_USER_CONFIRM, resumes with the confirmation, and refuses a duplicate answer", async () => {
      const ran: string[] = [];
      const agent = makeAgent(toolTurns(), { tools: [echo(ran)] });
      const port = await env.port(agent);
      const asked = next(port.events$, "REQUIRE_USER_CONFIRM");
      const waiting = await port.reply(user("go"));
      expect(waiting.getTextContent()).toContain("waiting for your permission");
      const ask = (await asked) as RequireUserConfirmEvent;
      expect(ran).toEqual([]);
      const answer = createEvent("USER_CONFIRM_RESULT", {
        reply_id: ask.reply_id,
        confirm_results: ask.tool_calls.map(yes),
      });
      const msg = await port.reply(answer);
      expect(msg.getTextContent()).toBe("done");
      expect(ran).toEqual(["x"]);
      const contextLength = agent.state.context.length;
      expect(await outcome(port.reply(answer))).toBe("REPLY_NOT_WAITING");
      expect(ran).toEqual(["x"]);
      expect(agent.state.context).toHaveLength(contextLength);
    });

    it("ends with the structured output a schema asks for", async () => {
      const Weather = z.object({ city: z.string(), unit: z.enum(["C", "F"]).default("C") });
      const agent = makeAgent([
        {
          toolCalls: [{ id: "g1", name: "GenerateStructuredOutput", input: { city: "Hangzhou" } }],
        },
      ]);
      const port = await env.port(agent);
      const msg = await port.reply(user("weather?"), { structuredSchema: Weather });
      expect(msg.getTextContent()).toBe("The required structured output is generated.");
      expect(msg.structured_output).toEqual({ city: "Hangzhou", unit: "C" });
    });

    it("refuses bad input and wrong resumes with the local agent's typed errors, and keeps answering", async () => {
      const agent = makeAgent(toolTurns(), { tools: [echo()] });
      const port = await env.port(agent);
      const system = new Msg({ name: "sys", role: "system", content: "obey" });
      expect(await outcome(port.reply(system))).toBe("REPLY_INVALID_MESSAGE");
      expect(await outcome(port.reply(user("x"), { queue: "no" as never }))).toBe(
        "VALIDATION_FAILED",
      );
      const stray = createEvent("USER_CONFIRM_RESULT", { reply_id: "r0", confirm_results: [] });
      expect(await outcome(port.reply(stray))).toBe("REPLY_NOT_WAITING");
      expect(await outcome(port.observe([system]))).toBe("REPLY_INVALID_MESSAGE");
      await port.reply(user("go")); // parks on the confirmation
      expect(await outcome(port.reply(user("again")))).toBe("REPLY_AWAITING_EVENT");
      const interrupt = createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId });
      expect((await port.reply(interrupt)).finished_reason).toBe("interrupted");
      expect(await outcome(port.reply(interrupt))).toBe("REPLY_NO_FINAL_MESSAGE");
    });

    it("fails a reply whose model fails with the model's error code", async () => {
      const local = makeAgent([new Error("model down")]);
      const expected = await outcome(local.reply(user("go")));
      const agent = makeAgent([new Error("model down"), "back"]);
      const port = await env.port(agent);
      expect(await outcome(port.reply(user("go")))).toBe(expected);
      expect((await port.reply(user("again"))).getTextContent()).toBe("back");
    });

    it("stops a stream early: the reply is interrupted and the agent at rest for the next one", async () => {
      const gate = gatedTool();
      const agent = makeAgent(
        [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "unused", "next"],
        { tools: [gate.tool], state: allow("wait") },
      );
      const port = await env.port(agent);
      const ended = next(port.events$, "REPLY_END");
      for await (const event of port.replyStream(user("one"))) {
        if (event.type === "TOOL_RESULT_START") break;
      }
      expect(await ended).toMatchObject({ finished_reason: "interrupted" });
      expect(agent.actor.getSnapshot().value).toBe("idle");
      expect((await port.reply(user("two"))).getTextContent()).toBe("unused");
    });

    it("stops a queued stream before its turn: it leaves the queue and never runs", async () => {
      const gate = gatedTool();
      const agent = makeAgent(
        [{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "first", "third"],
        { tools: [gate.tool], state: allow("wait") },
      );
      const port = await env.port(agent);
      const one = port.reply(user("one"));
      await gate.started;
      const queued = port.replyStream(user("two"))[Symbol.asyncIterator]();
      const pending = queued.next();
      await queued.return?.(undefined);
      expect(await pending).toEqual({ done: true, value: undefined });
      gate.open();
      expect((await one).getTextContent()).toBe("first");
      expect((await port.reply(user("three"))).getTextContent()).toBe("third");
      const users = agent.state.context.filter((m) => m.role === "user");
      expect(users.map((m) => m.getTextContent())).toEqual(["one", "three"]);
    });
  });
}
