import { describe, expect, it } from "vitest";
import { createEvent, type ToolResultBlock } from "../../../src/index.js";
import { Remote, allow, collect, confirmEvent, echo, makeAgent, user } from "./agent-fixture.js";

/** The stored tool results of the agent's context, by call id. */
function storedResults(blocks: readonly { type: string }[]): Map<string, ToolResultBlock> {
  const out = new Map<string, ToolResultBlock>();
  for (const block of blocks) {
    if (block.type === "tool_result")
      out.set((block as ToolResultBlock).id, block as ToolResultBlock);
  }
  return out;
}

describe("Agent: stored tool results keep finished_at null, as AgentScope stores them (issue 10 §4)", () => {
  it("§3.7 a run result, a denial and an invalid call are stored with finished_at null; END events keep their own time", async () => {
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "ok", name: "echo", input: { text: "hi" } },
            { id: "nope", name: "missing", input: {} },
          ],
        },
        "done",
      ],
      { tools: [echo()], state: allow("echo") },
    );
    const events = await collect(agent.replyStream(user("go")));
    const results = storedResults(agent.state.context.flatMap((m) => m.content));
    expect([...results.keys()].sort()).toEqual(["nope", "ok"]);
    for (const result of results.values()) expect(result.finished_at).toBeNull();
    const ends = events.filter((e) => e.type === "TOOL_RESULT_END");
    expect(ends).toHaveLength(2);
    for (const end of ends) expect(end.created_at).toEqual(expect.any(String));
  });

  it("§3.7 a user's rejection and an interruption's closing result keep finished_at null", async () => {
    const agent = makeAgent(
      [
        {
          toolCalls: [
            { id: "r1", name: "echo", input: { text: "a" } },
            { id: "r2", name: "echo", input: { text: "b" } },
          ],
        },
        "after",
      ],
      { tools: [echo()] },
    );
    await agent.reply(user("go"));
    const asking = agent.state.getAwaitingToolCalls("Friday");
    expect(asking.map((c) => c.id)).toEqual(["r1"]);
    await collect(
      agent.replyStream(
        confirmEvent(agent, [{ confirmed: false, tool_call: asking[0]!, rules: null }]),
      ),
    );
    // r2 is asked next; interrupting closes it
    expect(agent.state.getAwaitingToolCalls("Friday").map((c) => c.id)).toEqual(["r2"]);
    await agent.interrupt();
    const results = storedResults(agent.state.context.flatMap((m) => m.content));
    expect(results.get("r1")).toMatchObject({ state: "denied", finished_at: null });
    expect(results.get("r2")).toMatchObject({ state: "interrupted", finished_at: null });
  });

  it("§3.7 an external result is saved as-is: its own finished_at, null or not", async () => {
    for (const finishedAt of [null, "2025-01-02T00:00:00.000Z"]) {
      const agent = makeAgent(
        [{ toolCalls: [{ id: "x1", name: "remote", input: { q: "?" } }] }, "thanks"],
        { tools: [new Remote()] },
      );
      await agent.reply(user("go"));
      const block: ToolResultBlock = {
        type: "tool_result",
        id: "x1",
        name: "remote",
        output: "42",
        state: "success",
        metadata: {},
        created_at: "2025-01-01T00:00:00.000Z",
        finished_at: finishedAt,
      };
      const events = await collect(
        agent.replyStream(
          createEvent("EXTERNAL_EXECUTION_RESULT", {
            reply_id: agent.state.replyId,
            execution_results: [block],
          }),
        ),
      );
      const stored = storedResults(agent.state.context.flatMap((m) => m.content)).get("x1");
      expect(stored?.finished_at).toBe(finishedAt);
      expect(events.find((e) => e.type === "TOOL_RESULT_END")?.created_at).toEqual(
        expect.any(String),
      );
    }
  });
});
