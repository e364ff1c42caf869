import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FunctionTool,
  type Agent,
  type AgentEvent,
  type ToolCallBlock,
} from "../../../src/index.js";
import { collect, confirmEvent, makeAgent, shape, user, yes } from "./agent-fixture.js";

/** Tool-result and HITL events as `TYPE:tool_call_id` (deltas collapsed). */
function toolTrace(events: readonly AgentEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    let item: string | null = null;
    if (e.type.startsWith("TOOL_RESULT_") && "tool_call_id" in e)
      item = `${e.type}:${e.tool_call_id}`;
    if (e.type === "REQUIRE_USER_CONFIRM" || e.type === "REQUIRE_EXTERNAL_EXECUTION")
      item = `${e.type}:${e.tool_calls.map((c) => c.id).join(",")}`;
    if (item !== null && out.at(-1) !== item) out.push(item);
  }
  return out;
}

/** A FunctionTool (ASK by default: no allow rule matches it) that records the inputs it ran with. */
function recordingTool(name: string, concurrent: boolean, ran: string[]) {
  return new FunctionTool({
    name,
    description: `${name} tool`,
    parameters: z.object({ text: z.string() }),
    isConcurrencySafe: concurrent,
    fn: ({ text }: { text: string }) => {
      ran.push(`${name}(${text})`);
      return `${name}: ${text}`;
    },
  });
}

function callsOfReply(agent: Agent): ToolCallBlock[] {
  return agent.state.context.at(-1)?.getContentBlocks("tool_call") ?? [];
}

describe("Agent HITL (spec §3.7 Resuming)", () => {
  it("§11.102 a confirm with a modified tool_call.input runs the tool with it and the context call shows it", async () => {
    const ran: string[] = [];
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "rm -rf /" } }] }, "done"],
      { tools: [recordingTool("echo", true, ran)] },
    );
    await agent.reply(user("go"));
    const asked = agent.state.getAwaitingToolCalls("Friday")[0]!;
    expect(asked).toMatchObject({ id: "c1", state: "asking", input: '{"text":"rm -rf /"}' });

    const modified = { ...asked, input: JSON.stringify({ text: "ls" }) };
    const events = await collect(agent.replyStream(confirmEvent(agent, [yes(modified)])));

    expect(ran).toEqual(["echo(ls)"]);
    expect(events.find((e) => e.type === "TOOL_RESULT_TEXT_DELTA")).toMatchObject({
      tool_call_id: "c1",
      delta: "echo: ls",
    });
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    const reply = agent.state.context.at(-1)!;
    expect(reply.getContentBlocks("tool_call")).toEqual([
      expect.objectContaining({
        id: "c1",
        name: "echo",
        input: '{"text":"ls"}',
        state: "finished",
      }),
    ]);
    expect(reply.getContentBlocks("tool_result")).toEqual([
      expect.objectContaining({
        id: "c1",
        state: "success",
        output: [expect.objectContaining({ type: "text", text: "echo: ls" })],
      }),
    ]);
  });

  it("§11.104 two concurrent ASK calls to different tools: two REQUIRE_USER_CONFIRM; confirming one parks again (cur_iter 0); the other completes (cur_iter 2)", async () => {
    const ran: string[] = [];
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "c1", name: "alpha", input: { text: "1" } },
            { id: "c2", name: "beta", input: { text: "2" } },
          ],
        },
        "both done",
      ],
      { tools: [recordingTool("alpha", true, ran), recordingTool("beta", true, ran)] },
    );

    const first = await collect(agent.replyStream(user("go")));
    const asks = first.filter((e) => e.type === "REQUIRE_USER_CONFIRM");
    expect(asks.map((e) => e.tool_calls.map((c) => c.id))).toEqual([["c1"], ["c2"]]);
    expect(first.some((e) => e.type === "TOOL_RESULT_START" || e.type === "REPLY_END")).toBe(false);
    expect(callsOfReply(agent).map((c) => c.state)).toEqual(["asking", "asking"]);
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");

    // Confirm only c1: it runs, the reply parks again without re-emitting the prompt for c2.
    const [c1, c2] = agent.state.getAwaitingToolCalls("Friday");
    const partial: AgentEvent[] = [];
    const sub = agent.events$.subscribe((e) => partial.push(e));
    const waiting = await agent.reply(confirmEvent(agent, [yes(c1!)]));
    sub.unsubscribe();
    expect(shape(partial)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(toolTrace(partial)).toEqual([
      "TOOL_RESULT_START:c1",
      "TOOL_RESULT_TEXT_DELTA:c1",
      "TOOL_RESULT_END:c1",
    ]);
    expect(ran).toEqual(["alpha(1)"]);
    expect(waiting.getTextContent()).toBe(
      "I'm waiting for your permission or the external execution to finish.",
    );
    expect(waiting.finished_reason).toBeNull();
    expect(agent.state.reply_context.cur_iter).toBe(0);
    expect(callsOfReply(agent).map((c) => c.state)).toEqual(["finished", "asking"]);
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");

    // Confirm c2: it runs, the model answers, the reply completes.
    const last = await collect(agent.replyStream(confirmEvent(agent, [yes(c2!)])));
    expect(shape(last)).toEqual([
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
    expect(toolTrace(last)[0]).toBe("TOOL_RESULT_START:c2");
    expect(last.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(ran).toEqual(["alpha(1)", "beta(2)"]);
    expect(agent.state.reply_context.cur_iter).toBe(2);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("§11.105 sequential two ASK calls: first asked, second pending; confirming #1 runs it then asks #2 in the same run", async () => {
    const ran: string[] = [];
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "c1", name: "first", input: { text: "a" } },
            { id: "c2", name: "second", input: { text: "b" } },
          ],
        },
        "all done",
      ],
      { tools: [recordingTool("first", false, ran), recordingTool("second", false, ran)] },
    );

    const opening = await collect(agent.replyStream(user("go")));
    expect(opening.at(-1)?.type).toBe("REQUIRE_USER_CONFIRM");
    expect(toolTrace(opening)).toEqual(["REQUIRE_USER_CONFIRM:c1"]);
    expect(callsOfReply(agent).map((c) => c.state)).toEqual(["asking", "pending"]);
    expect(agent.state.getAwaitingToolCalls("Friday").map((c) => c.id)).toEqual(["c1"]);

    const c1 = agent.state.getAwaitingToolCalls("Friday")[0]!;
    const resumed = await collect(agent.replyStream(confirmEvent(agent, [yes(c1)])));
    expect(shape(resumed)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "REQUIRE_USER_CONFIRM",
    ]);
    expect(toolTrace(resumed)).toEqual([
      "TOOL_RESULT_START:c1",
      "TOOL_RESULT_TEXT_DELTA:c1",
      "TOOL_RESULT_END:c1",
      "REQUIRE_USER_CONFIRM:c2",
    ]);
    expect(ran).toEqual(["first(a)"]);
    expect(callsOfReply(agent).map((c) => c.state)).toEqual(["finished", "asking"]);
    expect(agent.state.reply_context.cur_iter).toBe(0);

    const c2 = agent.state.getAwaitingToolCalls("Friday")[0]!;
    expect(c2.id).toBe("c2");
    const end = await collect(agent.replyStream(confirmEvent(agent, [yes(c2)])));
    expect(toolTrace(end)).toEqual([
      "TOOL_RESULT_START:c2",
      "TOOL_RESULT_TEXT_DELTA:c2",
      "TOOL_RESULT_END:c2",
    ]);
    expect(end.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(ran).toEqual(["first(a)", "second(b)"]);
    expect(agent.state.reply_context.cur_iter).toBe(2);
  });
});
