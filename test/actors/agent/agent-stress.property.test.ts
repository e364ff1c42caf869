import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AgentState,
  FunctionTool,
  Msg,
  ReplyInputError,
  ScriptedModel,
  UserMsg,
  createEvent,
  type Agent,
  type AgentEvent,
  type AgentMiddleware,
  type DataBlock,
  type ScriptedTurn,
} from "../../../src/index.js";
import { Remote, allow, echo, makeAgent, user } from "./agent-fixture.js";

// Property: whatever the interleaving of reply, replyStream (read to its end or stopped early),
// observe, interrupt and HITL resumes — queued behind a running reply or `{ queue: false }` —
// each started at a moment the scheduler picks, with model
// answers, tool runs and stream reads also scheduled — every call settles, every refusal is a
// typed ReplyInputError, the context stays a conversation a model accepts, and the agent takes a
// plain reply at the end.

/**
 * The model's moves: a text answer, a tool that runs (allowed), one that asks, both at once, or
 * an external tool (the reply waits for its result).
 */
const MOVES = ["text", "work", "ask", "work+ask", "work+work", "remote"] as const;
type Move = (typeof MOVES)[number];

const COMMANDS = [
  "reply",
  "replyAttachment",
  "observeAttachment",
  "externalResult",
  "stream",
  "streamStop",
  "observe",
  "interrupt",
  "confirmYes",
  "confirmNo",
  "interruptEvent",
] as const;
/** `queue`: the reply calls wait for a running reply (true) or are refused with REPLY_BUSY. */
type Command = { kind: (typeof COMMANDS)[number]; stopAfter: number; queue: boolean };

const commandArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constantFrom(...COMMANDS),
  stopAfter: fc.nat({ max: 6 }),
  queue: fc.boolean(),
});

/**
 * The context as a model request must be: in every message, each tool call has exactly one result
 * (results live in the call's message, so nothing observed can sit between them). `parked`: the
 * last message's calls that wait for the user are allowed to have none yet.
 */
function contextProblems(messages: readonly Msg[], parked: boolean): string[] {
  const problems: string[] = [];
  messages.forEach((msg, index) => {
    const results = new Map<string, number>();
    for (const r of msg.getContentBlocks("tool_result"))
      results.set(r.id, (results.get(r.id) ?? 0) + 1);
    for (const call of msg.getContentBlocks("tool_call")) {
      const count = results.get(call.id) ?? 0;
      const waiting = parked && index === messages.length - 1 && call.state !== "finished";
      if (count > 1 || (count === 0 && !waiting))
        problems.push(`message ${index}: call ${call.id} has ${count} results`);
    }
    if (msg.role !== "assistant" && msg.getContentBlocks("tool_result").length > 0)
      problems.push(`message ${index}: a result outside an assistant message`);
  });
  return problems;
}

let attachments = 0;

function attachment(text: string): Msg {
  const block: DataBlock = {
    type: "data",
    id: `d${++attachments}`,
    source: { type: "base64", data: "AAAA", media_type: "application/x-unknown" },
    name: "a.bin",
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  return new UserMsg({ name: "user", content: [{ type: "text", text }, block] });
}

/** No onReply middleware, one that passes everything on, or one that swallows a reply's first REPLY_END (§3.3 step 7). */
const MIDDLEWARES = ["none", "passthrough", "swallow"] as const;
type MiddlewareKind = (typeof MIDDLEWARES)[number];

function onReplyMiddleware(kind: MiddlewareKind): AgentMiddleware<Agent>[] {
  if (kind === "none") return [];
  return [
    {
      async *onReply(_agent, input, next) {
        let swallowed = kind !== "swallow";
        for await (const item of next(input)) {
          if (!swallowed && !(item instanceof Msg) && item.type === "REPLY_END") {
            swallowed = true;
            continue;
          }
          yield item;
        }
      },
    },
  ];
}

function scenario(
  s: fc.Scheduler,
  moves: readonly Move[],
  commands: readonly Command[],
  middleware: MiddlewareKind,
) {
  let turn = 0;
  let ids = 0;
  let finalPhase = false;
  const problems: string[] = [];
  const work = new FunctionTool({
    name: "work",
    description: "Works a while.",
    parameters: z.object({}),
    fn: async () => {
      await s.schedule(Promise.resolve(), "tool runs");
      return "worked";
    },
  });
  const inputs: Record<string, Record<string, string>> = {
    echo: { text: "x" },
    remote: { q: "?" },
  };
  const call = (name: string) => ({ id: `c${++ids}`, name, input: inputs[name] ?? {} });
  const model = new ScriptedModel({
    responses: async (messages) => {
      // Every model request must be valid: all calls answered, in place.
      for (const p of contextProblems(messages.slice(1), false)) problems.push(`model input: ${p}`);
      await s.schedule(Promise.resolve(), "model answers");
      if (finalPhase) return "final";
      const move = moves[turn++ % moves.length] ?? "text";
      const turnOf: Record<Move, ScriptedTurn> = {
        text: `answer ${turn}`,
        work: { toolCalls: [call("work")] },
        ask: { toolCalls: [call("echo")] },
        "work+ask": { toolCalls: [call("work"), call("echo")] },
        "work+work": { toolCalls: [call("work"), call("work")] },
        remote: { toolCalls: [call("remote")] },
      };
      return turnOf[move];
    },
  });
  // Attachments no model takes: the agent awaits this offloader (scheduled) before the reply starts.
  const offloader = {
    async offloadDataBlock(block: DataBlock): Promise<DataBlock> {
      await s.schedule(Promise.resolve(), "offloader stores");
      return { ...block, source: { type: "url", url: "file:///tmp/a.bin", media_type: "x/y" } };
    },
  };
  const agent = makeAgent(model, {
    tools: [work, echo(), new Remote()],
    state: allow("work"),
    offloader,
    middlewares: onReplyMiddleware(middleware),
  });
  return {
    agent,
    problems,
    startFinalPhase: () => {
      finalPhase = true;
    },
    run: (command: Command) => runCommand(s, agent, command),
    commands,
  };
}

async function runCommand(s: fc.Scheduler, agent: Agent, command: Command): Promise<void> {
  const asking = () =>
    agent.state.getAwaitingToolCalls("Friday").filter((c) => c.state === "asking");
  const options = { queue: command.queue };
  switch (command.kind) {
    case "reply":
      await agent.reply(user("hello"), options);
      return;
    case "stream":
    case "streamStop": {
      let seen = 0;
      for await (const _event of agent.replyStream(user("stream"), options)) {
        await s.schedule(Promise.resolve(), "stream reads");
        if (command.kind === "streamStop" && ++seen > command.stopAfter) break;
      }
      return;
    }
    case "replyAttachment":
      await agent.reply(attachment("with a file"), options);
      return;
    case "observe":
      await agent.observe(user("observed"));
      return;
    case "observeAttachment":
      await agent.observe(attachment("observed file"));
      return;
    case "externalResult": {
      const submitted = agent.state
        .getAwaitingToolCalls("Friday")
        .filter((c) => c.state === "submitted");
      await agent.reply(
        createEvent("EXTERNAL_EXECUTION_RESULT", {
          reply_id: agent.state.replyId,
          execution_results: submitted.map((c) => ({
            type: "tool_result" as const,
            id: c.id,
            name: c.name,
            output: "42",
            state: "success" as const,
            metadata: {},
            created_at: new Date().toISOString(),
            finished_at: null,
          })),
        }),
        options,
      );
      return;
    }
    case "interrupt":
      await agent.interrupt();
      return;
    case "confirmYes":
    case "confirmNo":
      await agent.reply(
        createEvent("USER_CONFIRM_RESULT", {
          reply_id: agent.state.replyId,
          confirm_results: asking().map((c) => ({
            confirmed: command.kind === "confirmYes",
            tool_call: c,
            rules: null,
          })),
        }),
        options,
      );
      return;
    case "interruptEvent":
      await agent.reply(createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId }), options);
      return;
  }
}

describe("Agent under random interleavings of its calls (property, fast-check scheduler)", () => {
  it("every call settles, refusals are typed, the context stays valid, and the agent stays usable", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom(...MOVES), { minLength: 1, maxLength: 6 }),
        fc.array(commandArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...MIDDLEWARES),
        async (s, moves, commands, middleware) => {
          const world = scenario(s, moves, commands, middleware);
          const { agent } = world;
          const events: AgentEvent[] = [];
          agent.events$.subscribe((e) => events.push(e));
          const settled = commands.map(() => false);
          const untyped: unknown[] = [];
          const calls = commands.map(async (command, i) => {
            await s.schedule(Promise.resolve(), `start ${command.kind}`);
            try {
              await world.run(command);
            } catch (error) {
              if (!(error instanceof ReplyInputError)) untyped.push(error);
            } finally {
              settled[i] = true;
            }
          });
          // Bounded: the scheduler runs every task reachable from the calls; a call that still
          // waits once nothing is left to run would wait forever.
          for (let round = 0; round < 20 && settled.includes(false); round++) {
            await s.waitIdle();
            await new Promise((resolve) => setImmediate(resolve));
          }
          expect(settled).toEqual(commands.map(() => true));
          await Promise.all(calls);
          expect(untyped).toEqual([]);
          expect(world.problems).toEqual([]);
          const parked = agent.state.hasAwaitingToolCalls("Friday");
          expect(contextProblems(agent.state.context, parked)).toEqual([]);
          expect(() => AgentState.fromJSON(JSON.parse(JSON.stringify(agent.state)))).not.toThrow();

          // Usable at the end: close what is parked, then a plain reply succeeds.
          world.startFinalPhase();
          const closing = agent.interrupt();
          await s.waitFor(closing);
          expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(false);
          const last = agent.reply(user("last"));
          const msg = await s.waitFor(last);
          expect(msg.getTextContent()).toBe("final");
          expect(agent.actor.getSnapshot().value).toBe("idle");
          expect(contextProblems(agent.state.context, false)).toEqual([]);
          expect(events.filter((e) => e.type === "REPLY_START").length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
