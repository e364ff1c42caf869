import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FunctionTool,
  createEvent,
  type Agent,
  type AgentEvent,
  type ToolResultBlock,
} from "../../../src/index.js";
import { TOOL_INTERRUPTED_REMINDER } from "../../../src/tools/index.js";
import { Remote, allow, collect, echo, makeAgent, user } from "./agent-fixture.js";

/** The reminder of spec §3.8, verbatim. */
const REMINDER =
  "<system-reminder>The tool call has been interrupted by the user.</system-reminder>";

/** A promise and its resolver. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves when the signal fires (never otherwise). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else
      signal.addEventListener(
        "abort",
        () => {
          resolve();
        },
        { once: true },
      );
  });
}

function storedResult(agent: Agent): ToolResultBlock | undefined {
  return agent.state.context.at(-1)?.getContentBlocks("tool_result")[0];
}

describe("Agent interrupt: stored tool output (spec §3.8)", () => {
  it("the exported reminder is the reference's text", () => {
    expect(TOOL_INTERRUPTED_REMINDER).toBe(REMINDER);
  });

  it("§11.109 cancelling during a running tool ends REPLY_END(interrupted); the stored output is [TextBlock(reminder)] and the call is finished", async () => {
    const started = deferred();
    let sawAbort = false;
    const wait = new FunctionTool({
      name: "wait",
      description: "Waits until interrupted.",
      parameters: z.object({ seconds: z.number() }),
      fn: async (_input: { seconds: number }, { signal }) => {
        started.resolve();
        await aborted(signal);
        sawAbort = signal.aborted;
        return "woke up";
      },
    });
    const agent = makeAgent(
      [{ toolCalls: [{ id: "w1", name: "wait", input: { seconds: 3600 } }] }, "never"],
      { tools: [wait], state: allow("wait") },
    );
    const events: AgentEvent[] = [];
    const sub = agent.events$.subscribe((e) => events.push(e));
    const reply = agent.reply(user("wait"));
    await started.promise;
    await agent.interrupt();
    const msg = await reply;
    sub.unsubscribe();

    expect(sawAbort).toBe(true);
    const tail = events.slice(events.findIndex((e) => e.type === "TOOL_RESULT_START"));
    expect(tail.map((e) => e.type)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "REPLY_END",
    ]);
    expect(tail[1]).toMatchObject({ tool_call_id: "w1", delta: REMINDER });
    expect(tail[2]).toMatchObject({ tool_call_id: "w1", state: "interrupted" });
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });

    const result = storedResult(agent);
    expect(result).toMatchObject({ id: "w1", state: "interrupted" });
    expect(result?.output).toEqual([expect.objectContaining({ type: "text", text: REMINDER })]);
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.state).toBe("finished");

    // The fallback message is returned, not stored (spec §3.3 step 9).
    expect(msg.getTextContent()).toBe("I notice the interruption. How can I help you?");
    expect(msg.finished_reason).toBe("interrupted");
    expect(agent.state.context.at(-1)?.getTextContent() ?? "").not.toContain("I notice");
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("§11.109 cancelling a streaming tool (async generator) keeps its output a list of blocks ending with the reminder", async () => {
    const started = deferred();
    const ticker = new FunctionTool({
      name: "ticker",
      description: "Ticks until interrupted.",
      parameters: z.object({}),
      fn: async function* (_input: Record<string, never>, { signal }) {
        yield "tick";
        started.resolve();
        await aborted(signal);
      },
    });
    const agent = makeAgent([{ toolCalls: [{ id: "t1", name: "ticker", input: {} }] }, "never"], {
      tools: [ticker],
      state: allow("ticker"),
    });
    const stream = collect(agent.replyStream(user("tick")));
    await started.promise;
    await agent.interrupt();
    const events = await stream;

    const results = events.filter((e) => e.type.startsWith("TOOL_RESULT_"));
    expect(results.map((e) => e.type)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(results.slice(1, 3)).toMatchObject([{ delta: "tick" }, { delta: REMINDER }]);
    expect(results[3]).toMatchObject({ state: "interrupted" });
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });

    const output = storedResult(agent)?.output;
    expect(Array.isArray(output)).toBe(true);
    const text = Array.isArray(output)
      ? output.map((b) => (b.type === "text" ? b.text : "")).join("")
      : "";
    expect(text.startsWith("tick")).toBe(true);
    expect(text.endsWith(REMINDER)).toBe(true);
    expect(storedResult(agent)?.state).toBe("interrupted");
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.state).toBe("finished");
  });

  it("§11.108 contrast: interrupting a call parked in 'asking' stores the reminder as a plain string", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "e1", name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
    });
    await agent.reply(user("go"));
    const events = await collect(
      agent.replyStream(createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId })),
    );
    expect(events.map((e) => e.type)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "REPLY_END",
    ]);
    expect(events[1]).toMatchObject({ tool_call_id: "e1", delta: REMINDER });
    expect(events[2]).toMatchObject({ state: "interrupted" });
    expect(events[3]).toMatchObject({ finished_reason: "interrupted" });
    expect(storedResult(agent)).toMatchObject({ id: "e1", output: REMINDER, state: "interrupted" });
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.state).toBe("finished");
  });

  it("§11.108 interrupting a 'submitted' external call emits no second TOOL_RESULT_START and stores the plain string", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "x1", name: "remote", input: { q: "?" } }] }], {
      tools: [new Remote()],
    });
    const parked = await collect(agent.replyStream(user("go")));
    expect(parked.filter((e) => e.type === "TOOL_RESULT_START")).toHaveLength(1);
    const events = await collect(
      agent.replyStream(createEvent("USER_INTERRUPT", { reply_id: agent.state.replyId })),
    );
    expect(events.map((e) => e.type)).toEqual([
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "REPLY_END",
    ]);
    expect(events[0]).toMatchObject({ tool_call_id: "x1", delta: REMINDER });
    expect(events[2]).toMatchObject({ finished_reason: "interrupted" });
    expect(storedResult(agent)).toMatchObject({ id: "x1", output: REMINDER, state: "interrupted" });
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.state).toBe("finished");
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("stopping the agent's statechart aborts the running tool and fails the reply", async () => {
    const started = deferred();
    let sawAbort = false;
    const wait = new FunctionTool({
      name: "wait",
      description: "Waits until interrupted.",
      parameters: z.object({}),
      fn: async (_input: Record<string, never>, { signal }) => {
        started.resolve();
        await aborted(signal);
        sawAbort = true;
        return "woke up";
      },
    });
    const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "never"], {
      tools: [wait],
      state: allow("wait"),
    });
    const reply = agent.reply(user("wait"));
    await started.promise;
    agent.actor.stop();
    await expect(reply).rejects.toMatchObject({ code: "ABORTED" });
    expect(sawAbort).toBe(true);
  });
});
