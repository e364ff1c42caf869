import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FunctionTool, createEvent } from "../../../src/index.js";
import { Remote, allow, collect, confirmEvent, makeAgent, user } from "./agent-fixture.js";

const tool = (name: string, concurrent: boolean) =>
  new FunctionTool({
    name,
    description: `${name} tool`,
    parameters: z.object({ n: z.number() }),
    isConcurrencySafe: concurrent,
    fn: ({ n }: { n: number }) => `${name} ${n}`,
  });

describe("Agent acting (spec §3.7)", () => {
  it("§11.95 a tool call only in the is_last chunk emits no TOOL_CALL_* events but still runs", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ name: "a", input: { n: 1 } }], streamToolCalls: false }, "done"],
      { tools: [tool("a", true)], state: allow("a") },
    );
    const events = await collect(agent.replyStream(user("go")));
    expect(events.some((e) => e.type.startsWith("TOOL_CALL_"))).toBe(false);
    expect(events.find((e) => e.type === "TOOL_RESULT_END")).toMatchObject({ state: "success" });
  });

  it("§11.96 sequential calls run one after the other: START/DELTA/END of call 1 before call 2", async () => {
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "c1", name: "s", input: { n: 1 } },
            { id: "c2", name: "s", input: { n: 2 } },
          ],
        },
        "done",
      ],
      { tools: [tool("s", false)], state: allow("s") },
    );
    const events = await collect(agent.replyStream(user("go")));
    const results = events
      .filter((e) => e.type.startsWith("TOOL_RESULT_"))
      .map((e) => `${e.type}:${"tool_call_id" in e ? e.tool_call_id : ""}`);
    expect(results).toEqual([
      "TOOL_RESULT_START:c1",
      "TOOL_RESULT_TEXT_DELTA:c1",
      "TOOL_RESULT_END:c1",
      "TOOL_RESULT_START:c2",
      "TOOL_RESULT_TEXT_DELTA:c2",
      "TOOL_RESULT_END:c2",
    ]);
  });

  it("§11.103 two concurrent calls to the same ASK tool ask once; confirming with the rule runs both", async () => {
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "c1", name: "a", input: { n: 1 } },
            { id: "c2", name: "a", input: { n: 2 } },
          ],
        },
        "done",
      ],
      { tools: [tool("a", true)] },
    );
    const first = await collect(agent.replyStream(user("go")));
    const asks = first.filter((e) => e.type === "REQUIRE_USER_CONFIRM");
    expect(asks).toHaveLength(1);
    const calls = agent.state.context.at(-1)!.getContentBlocks("tool_call");
    expect(calls.map((c) => c.state)).toEqual(["asking", "pending"]);
    const rule = {
      tool_name: "a",
      rule_content: null,
      behavior: "allow" as const,
      source: "userSettings",
    };
    const second = await collect(
      agent.replyStream(
        confirmEvent(agent, [{ confirmed: true, tool_call: calls[0]!, rules: [rule] }]),
      ),
    );
    expect(second.filter((e) => e.type === "REQUIRE_USER_CONFIRM")).toHaveLength(0);
    expect(second.filter((e) => e.type === "TOOL_RESULT_END")).toHaveLength(2);
    expect(second.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(agent.state.permission_context.allow_rules["a"]).toEqual([rule]);
  });

  it("§11.106 an external tool: TOOL_RESULT_START then REQUIRE_EXTERNAL_EXECUTION; its result resumes", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "x1", name: "remote", input: { q: "?" } }] }, "thanks"],
      { tools: [new Remote()] },
    );
    const first = await collect(agent.replyStream(user("go")));
    expect(first.slice(-2).map((e) => e.type)).toEqual([
      "TOOL_RESULT_START",
      "REQUIRE_EXTERNAL_EXECUTION",
    ]);
    const required = first.at(-1);
    expect(required?.type === "REQUIRE_EXTERNAL_EXECUTION" && required.tool_calls[0]).toMatchObject(
      {
        state: "submitted",
        suggested_rules: [],
      },
    );
    expect(agent.actor.getSnapshot().value).toBe("awaiting-external");
    const resumed = await collect(
      agent.replyStream(
        createEvent("EXTERNAL_EXECUTION_RESULT", {
          reply_id: agent.state.replyId,
          execution_results: [
            {
              type: "tool_result",
              id: "x1",
              name: "remote",
              output: "42",
              state: "success",
              metadata: {},
              created_at: "t",
              finished_at: null,
            },
          ],
        }),
      ),
    );
    expect(resumed.slice(0, 2).map((e) => e.type)).toEqual([
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(resumed.some((e) => e.type === "MODEL_CALL_START")).toBe(true);
    expect(resumed.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
  });

  it("a malformed input event from JSON is rejected naming the field, state unchanged", async () => {
    const agent = makeAgent(["x"]);
    const before = JSON.stringify(agent.state);
    await expect(
      agent.reply({
        type: "USER_CONFIRM_RESULT",
        reply_id: "r",
        confirm_results: [{ confirmed: "yes" }],
      }),
    ).rejects.toThrow(/confirm_results\.0\.confirmed/);
    expect(JSON.stringify(agent.state)).toBe(before);
  });
});
