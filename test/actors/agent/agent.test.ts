import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AgentState,
  ReplyInputError,
  SystemMsg,
  UserMsg,
  ValidationError,
  createEvent,
  type AgentEvent,
  type ScriptedTurn,
} from "../../../src/index.js";
import {
  allow,
  collect,
  confirmEvent,
  echo,
  makeAgent,
  shape,
  user,
  yes,
} from "./agent-fixture.js";

describe("Agent (spec §3)", () => {
  it("§11.90 a text-only streaming reply has the exact event sequence; context holds user + reply", async () => {
    const agent = makeAgent(["Hello there, how can I help?"]);
    const events = await collect(agent.replyStream(user("hi")));
    expect(shape(events)).toEqual([
      "REPLY_START",
      "MODEL_CALL_START",
      "TEXT_BLOCK_START",
      "TEXT_BLOCK_DELTA",
      "TEXT_BLOCK_END",
      "MODEL_CALL_END",
      "REPLY_END",
    ]);
    const start = events[0];
    const end = events.at(-1);
    expect(end).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(agent.state.context.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(agent.state.context[1]?.id).toBe(start?.type === "REPLY_START" ? start.reply_id : "");
    expect(agent.state.curIter).toBe(1);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("§11.90 reply() returns the final message with id == reply_id and finished_reason completed", async () => {
    const agent = makeAgent(["Hi!"]);
    const msg = await agent.reply(user("hi"));
    expect(msg.getTextContent()).toBe("Hi!");
    expect(msg.id).toBe(agent.state.replyId);
    expect(msg.finished_reason).toBe("completed");
  });

  it("§11.91 with injection on, a first reply has HINT_BLOCK between REPLY_START and MODEL_CALL_START", async () => {
    const agent = makeAgent(["ok"], { injectionConfig: {} });
    const events = await collect(agent.replyStream(user("hi")));
    expect(events.slice(0, 3).map((e) => e.type)).toEqual([
      "REPLY_START",
      "HINT_BLOCK",
      "MODEL_CALL_START",
    ]);
    const hint = events[1];
    const text = hint?.type === "HINT_BLOCK" && typeof hint.hint === "string" ? hint.hint : "";
    expect(text).toContain("<current-time>");
    expect(text).toContain("<timezone>UTC</timezone>");
  });

  it("§11.92 thinking-only then text: two model calls, cur_iter 2, final holds only the text", async () => {
    const agent = makeAgent([{ thinking: "hmm" }, "answer"]);
    const msg = await agent.reply(user("q"));
    expect(agent.state.curIter).toBe(2);
    expect(msg.content.map((b) => b.type)).toEqual(["text"]);
    expect(agent.state.context[1]?.content.map((b) => b.type)).toEqual(["thinking", "text"]);
  });

  it("§11.93 one tool round then text with max_iters=2 completes with cur_iter 2", async () => {
    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, "done"], {
      tools: [echo()],
      state: allow("echo"),
      reactConfig: { maxIters: 2 },
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(shape(events)).toContain("TOOL_RESULT_END");
    expect(agent.state.curIter).toBe(2);
  });

  it("§11.94 max_iters=1 with a tool round ends with EXCEED_MAX_ITERS and REPLY_END(exceed_max_iters)", async () => {
    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
      state: allow("echo"),
      reactConfig: { maxIters: 1 },
    });
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    const msg = await agent.reply(user("go"));
    expect(events.slice(-2).map((e) => e.type)).toEqual(["EXCEED_MAX_ITERS", "REPLY_END"]);
    expect(events.at(-1)).toMatchObject({ finished_reason: "exceed_max_iters" });
    expect(msg.getTextContent()).toBe("The maximum reasoning-acting iterations are exceeded.");
  });

  it("§11.97 an ASK tool parks the reply: REQUIRE_USER_CONFIRM, no REPLY_END, the waiting message", async () => {
    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, "done"], {
      tools: [echo()],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(events.at(-1)?.type).toBe("REQUIRE_USER_CONFIRM");
    expect(events.some((e) => e.type === "REPLY_END")).toBe(false);
    const ask = events.at(-1);
    expect(ask?.type === "REQUIRE_USER_CONFIRM" && ask.tool_calls[0]).toMatchObject({
      state: "asking",
      suggested_rules: [
        { tool_name: "echo", rule_content: null, behavior: "allow", source: "suggested" },
      ],
    });
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
  });

  it("§11.97/98/99 parked: reply() says it waits; new input is refused; confirming resumes with the same reply_id", async () => {
    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, "done"], {
      tools: [echo()],
    });
    const waiting = await agent.reply(user("go"));
    expect(waiting.getTextContent()).toBe(
      "I'm waiting for your permission or the external execution to finish.",
    );
    expect(waiting.finished_reason).toBeNull();
    await expect(agent.reply(user("again"))).rejects.toThrow(
      "Agent is waiting for 1 tool calls and external execution results for 0 tool calls, but received no event.",
    );
    const replyId = agent.state.replyId;
    const call = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const events = await collect(agent.replyStream(confirmEvent(agent, [yes(call)])));
    expect(shape(events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "MODEL_CALL_START",
      "TEXT_BLOCK_START",
      "TEXT_BLOCK_DELTA",
      "TEXT_BLOCK_END",
      "MODEL_CALL_END",
      "REPLY_END",
    ]);
    expect(events.every((e) => e.type === "CUSTOM" || e.reply_id === replyId)).toBe(true);
  });

  it("§11.100 a denied confirmation gives a denied result with the reminder, then the model is called again", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, "ok, not then"],
      {
        tools: [echo()],
      },
    );
    await agent.reply(user("go"));
    const call = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const events = await collect(
      agent.replyStream(confirmEvent(agent, [{ confirmed: false, tool_call: call, rules: null }])),
    );
    const delta = events.find((e) => e.type === "TOOL_RESULT_TEXT_DELTA");
    expect(delta).toMatchObject({
      delta: '<system-reminder>The execution of tool "echo" is denied by user!</system-reminder>',
    });
    expect(events.find((e) => e.type === "TOOL_RESULT_END")).toMatchObject({ state: "denied" });
    expect(events.some((e) => e.type === "MODEL_CALL_START")).toBe(true);
  });

  it("§11.101 confirm events for unknown ids or when nothing asks are rejected, state unchanged", async () => {
    const idle = makeAgent(["x"]);
    const fake = {
      type: "tool_call" as const,
      id: "nope",
      name: "echo",
      input: "{}",
      state: "asking" as const,
      suggested_rules: [],
      created_at: "t",
      finished_at: null,
    };
    await expect(
      idle.reply(
        createEvent("USER_CONFIRM_RESULT", {
          reply_id: "r",
          confirm_results: [{ confirmed: true, tool_call: fake, rules: null }],
        }),
      ),
    ).rejects.toThrow(
      /^Agent is not waiting for user confirmation, but received UserConfirmResultEvent: /,
    );

    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
    });
    await agent.reply(user("go"));
    const before = JSON.stringify(agent.state);
    await expect(agent.reply(confirmEvent(agent, [yes(fake)]))).rejects.toThrow(
      "Received UserConfirmResultEvent with tool call ids {'nope'} that are not waiting for confirmation.",
    );
    expect(JSON.stringify(agent.state)).toBe(before);
  });

  it("§11.107 USER_INTERRUPT on an idle agent yields nothing; reply() has no final message", async () => {
    const agent = makeAgent(["x"]);
    const events = await collect(
      agent.replyStream(createEvent("USER_INTERRUPT", { reply_id: "r" })),
    );
    expect(events).toEqual([]);
    await expect(agent.reply(createEvent("USER_INTERRUPT", { reply_id: "r" }))).rejects.toThrow(
      new ReplyInputError("REPLY_NO_FINAL_MESSAGE", "Agent did not produce a final message."),
    );
    expect(agent.state.context).toEqual([]);
  });

  it("§11.110 a schema violation gives an error result without a permission prompt", async () => {
    const agent = makeAgent([{ toolCalls: [{ name: "echo", input: { text: 3 } }] }, "sorry"], {
      tools: [echo()],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(events.some((e) => e.type === "REQUIRE_USER_CONFIRM")).toBe(false);
    expect(events.find((e) => e.type === "TOOL_RESULT_END")).toMatchObject({ state: "error" });
    expect(events.find((e) => e.type === "TOOL_RESULT_TEXT_DELTA")).toMatchObject({
      delta: "Input validation failed for tool 'echo': 3 is not of type 'string'",
    });
  });

  it("§11.111 a structured reply ends with the structured output", async () => {
    const agent = makeAgent([
      {
        toolCalls: [
          { name: "GenerateStructuredOutput", input: { city: "Hangzhou", temperature: 21 } },
        ],
      },
    ]);
    const msg = await agent.reply(user("weather?"), {
      structuredSchema: z.object({ city: z.string(), temperature: z.number() }),
    });
    expect(msg.getTextContent()).toBe("The required structured output is generated.");
    expect(msg.structured_output).toEqual({ city: "Hangzhou", temperature: 21 });
    expect(msg.id).toBe(agent.state.replyId);
    expect(agent.state.curIter).toBe(1);
  });

  it("§11.114 a plain reply after a structured one removes GenerateStructuredOutput", async () => {
    const agent = makeAgent([
      { toolCalls: [{ name: "GenerateStructuredOutput", input: { a: 1 } }] },
      "plain",
    ]);
    await agent.reply(user("1"), { structuredSchema: z.object({ a: z.number() }) });
    expect(await agent.toolkit.getTool("GenerateStructuredOutput")).toBeDefined();
    await agent.reply(user("2"));
    expect(await agent.toolkit.getTool("GenerateStructuredOutput")).toBeUndefined();
  });

  it("§11.115 an onReply middleware swallowing the first REPLY_END makes a second model call", async () => {
    let swallowed = false;
    const agent = makeAgent(["first", "second"], {
      middlewares: [
        {
          async *onReply(_agent, _input, next) {
            for await (const item of next()) {
              if (
                !swallowed &&
                !(item instanceof UserMsg) &&
                "type" in item &&
                item.type === "REPLY_END"
              ) {
                swallowed = true;
                continue;
              }
              yield item;
            }
          },
        },
      ],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(events.filter((e) => e.type === "REPLY_START")).toHaveLength(1);
    expect(events.filter((e) => e.type === "REPLY_END")).toHaveLength(1);
    expect(events.filter((e) => e.type === "MODEL_CALL_START")).toHaveLength(2);
  });

  it("§11.116 invalid config ratios are rejected with the reference's messages", () => {
    expect(() =>
      makeAgent([], { contextConfig: { triggerRatio: 0.5, reserveRatio: 0.6 } }),
    ).toThrow(
      "The 'reserve_ratio' of the context config must be smaller than its 'trigger_ratio', got 0.6 and 0.5.",
    );
    expect(() =>
      makeAgent([], {
        contextConfig: { triggerRatio: 0.5 },
        injectionConfig: { contextBufferRatio: 0.5 },
      }),
    ).toThrow(ValidationError);
  });

  it("§11.117 observe(SystemMsg) is rejected", async () => {
    const agent = makeAgent([]);
    await expect(agent.observe(new SystemMsg({ name: "s", content: "x" }))).rejects.toThrow(
      /^Invalid message in the input: /,
    );
  });

  it("§10 a parked reply resumes in a fresh Agent built from the state's JSON, with the same remaining events", async () => {
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
      "done",
    ];
    const a = makeAgent(turns, { tools: [echo()] });
    await a.reply(user("go"));
    const json = JSON.parse(JSON.stringify(a.state)) as unknown;
    const b = makeAgent(turns.slice(1), { tools: [echo()], state: AgentState.fromJSON(json) });
    expect(b.actor.getSnapshot().value).toBe("awaiting-confirm");
    const call = b.state.getAwaitingToolCalls("Friday")[0]!;
    const confirm = confirmEvent(b, [yes(call)]);
    const resumed = await collect(b.replyStream(confirm));
    const direct = await collect(
      a.replyStream({
        ...confirm,
        confirm_results: [
          { ...confirm.confirm_results[0]!, tool_call: a.state.getAwaitingToolCalls("Friday")[0]! },
        ],
      }),
    );
    expect(shape(resumed)).toEqual(shape(direct));
    expect(resumed.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
  });
});
