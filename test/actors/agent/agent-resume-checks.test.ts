import { describe, expect, it } from "vitest";
import {
  ActorscopeError,
  AgentState,
  createEvent,
  type AgentStateInput,
  type ScriptedTurn,
} from "../../../src/index.js";
import { Remote, collect, confirmEvent, echo, makeAgent, user, yes } from "./agent-fixture.js";

const ASK: ScriptedTurn[] = [
  { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
  "done",
];

/** The code of the error `promise` rejects with. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ActorscopeError);
    return (error as ActorscopeError).code;
  }
  throw new Error("expected a rejection");
}

async function parkedOnConfirm(ran: string[] = []) {
  const agent = makeAgent(ASK, { tools: [echo(ran)] });
  await agent.reply(user("go"));
  expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
  return agent;
}

describe("Resume checks (spec §3.3 step 4, departures: reply_id and reply_context are checked)", () => {
  it("§3.3 a USER_CONFIRM_RESULT for another reply_id is refused with REPLY_ID_MISMATCH and changes nothing", async () => {
    const ran: string[] = [];
    const agent = await parkedOnConfirm(ran);
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const before = JSON.stringify(agent.state);
    const event = { ...confirmEvent(agent, [yes(asked)]), reply_id: "another-reply" };
    expect(await codeOf(agent.reply(event))).toBe("REPLY_ID_MISMATCH");
    expect(JSON.stringify(agent.state)).toBe(before);
    expect(ran).toEqual([]);
    // The right reply_id still resumes it: the refusal released the agent.
    expect((await agent.reply(confirmEvent(agent, [yes(asked)]))).getTextContent()).toBe("done");
    expect(ran).toEqual(["x"]);
  });

  it("§3.3 an EXTERNAL_EXECUTION_RESULT for another reply_id is refused with REPLY_ID_MISMATCH", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "x1", name: "remote", input: { q: "?" } }] }], {
      tools: [new Remote()],
    });
    await agent.reply(user("go"));
    const event = createEvent("EXTERNAL_EXECUTION_RESULT", {
      reply_id: "another-reply",
      execution_results: [
        {
          type: "tool_result",
          id: "x1",
          name: "remote",
          output: "42",
          state: "success",
          metadata: {},
          created_at: "2025-01-01T00:00:00.000Z",
          finished_at: null,
        },
      ],
    });
    expect(await codeOf(agent.reply(event))).toBe("REPLY_ID_MISMATCH");
    expect(agent.actor.getSnapshot().value).toBe("awaiting-external");
  });

  it("§3.3 a USER_INTERRUPT for another reply_id on a parked reply is refused; interrupt() still closes it", async () => {
    const agent = await parkedOnConfirm();
    const event = createEvent("USER_INTERRUPT", { reply_id: "another-reply" });
    expect(await codeOf(agent.reply(event))).toBe("REPLY_ID_MISMATCH");
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(true);
    await agent.interrupt();
    expect(agent.state.hasAwaitingToolCalls("Friday")).toBe(false);
  });

  it("§3.3 an input event without reply_id is refused by its schema (a ValidationError)", async () => {
    const agent = await parkedOnConfirm();
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const { reply_id: _omitted, ...event } = confirmEvent(agent, [yes(asked)]);
    expect(await codeOf(agent.reply(event))).toBe("VALIDATION_FAILED");
  });

  it("§10 a parked state saved without its reply_context refuses the resume with NO_REPLY_CONTEXT instead of never running the approved call", async () => {
    const ran: string[] = [];
    const parked = await parkedOnConfirm();
    const { reply_context: _lost, ...json } = JSON.parse(JSON.stringify(parked.state)) as Record<
      string,
      unknown
    >;
    const agent = makeAgent(ASK.slice(1), {
      tools: [echo(ran)],
      state: json as AgentStateInput,
    });
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const event = { ...confirmEvent(agent, [yes(asked)]), reply_id: parked.state.replyId };
    expect(await codeOf(agent.reply(event))).toBe("REPLY_NO_REPLY_CONTEXT");
    expect(await codeOf(agent.interrupt())).toBe("REPLY_NO_REPLY_CONTEXT");
    expect(ran).toEqual([]);
    // Restoring the reply context (as the message says) makes it resumable.
    agent.state.replyId = parked.state.replyId;
    expect((await agent.reply(event)).getTextContent()).toBe("done");
    expect(ran).toEqual(["x"]);
  });
});

describe("A state replaced with agent.state = … (the machine follows it)", () => {
  it("§10 a parked state given to an idle agent can be interrupted and resumed", async () => {
    const parked = await parkedOnConfirm();
    const json = JSON.stringify(parked.state);

    const closing = makeAgent(["after"], { tools: [echo()] });
    closing.state = AgentState.fromJSON(JSON.parse(json));
    await closing.interrupt();
    expect(closing.state.hasAwaitingToolCalls("Friday")).toBe(false);
    expect((await closing.reply(user("next"))).getTextContent()).toBe("after");

    const ran: string[] = [];
    const resuming = makeAgent(["done"], { tools: [echo(ran)] });
    resuming.state = AgentState.fromJSON(JSON.parse(json));
    const asked = resuming.state.getAwaitingToolCalls("Friday")[0]!;
    expect((await resuming.reply(confirmEvent(resuming, [yes(asked)]))).getTextContent()).toBe(
      "done",
    );
    expect(ran).toEqual(["x"]);
  });

  it("§10 a fresh state given to a parked agent takes a new reply", async () => {
    const agent = await parkedOnConfirm();
    agent.state = new AgentState();
    const events = await collect(agent.replyStream(user("again")));
    expect(events[0]).toMatchObject({ type: "REPLY_START" });
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(agent.state.context.map((m) => `${m.role}:${m.getTextContent()}`)).toEqual([
      "user:again",
      "assistant:done",
    ]);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });
});

describe("Duplicate tool-call ids in a parked state", () => {
  async function parkedJson(duplicate = true) {
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "c1", name: "echo", input: { text: "a" } },
            { id: "c2", name: "echo", input: { text: "b" } },
          ],
        },
      ],
      { tools: [echo()] },
    );
    await agent.reply(user("go"));
    const json = JSON.parse(JSON.stringify(agent.state)) as {
      context: { content: { type: string; id: string }[] }[];
    };
    if (duplicate)
      for (const block of json.context.at(-1)!.content) if (block.id === "c2") block.id = "c1";
    return json;
  }

  it("§10 AgentState.fromJSON and new AgentState refuse them with a ValidationError naming the id", async () => {
    const json = await parkedJson();
    for (const load of [() => AgentState.fromJSON(json), () => new AgentState(json as never)]) {
      let error: unknown;
      try {
        load();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ActorscopeError);
      expect((error as ActorscopeError).code).toBe("VALIDATION_FAILED");
      expect((error as Error).message).toContain('Duplicate tool call id "c1"');
    }
  });

  it("§10 the Agent constructor given such a state (changed after it was loaded) refuses it", async () => {
    const state = AgentState.fromJSON(await parkedJson(false));
    // Made duplicate again after loading: the agent checks the state it is given.
    const calls = state.context.at(-1)!.getContentBlocks("tool_call");
    calls[1]!.id = calls[0]!.id;
    expect(() => makeAgent(["x"], { tools: [echo()], state })).toThrow(
      'Duplicate tool call id "c1"',
    );
  });
});
