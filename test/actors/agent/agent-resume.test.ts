import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  AgentState,
  createEvent,
  type Agent,
  type AgentEvent,
  type AgentStateInput,
  type ScriptedTurn,
} from "../../../src/index.js";
import { Remote, collect, confirmEvent, echo, makeAgent, user, yes } from "./agent-fixture.js";

/**
 * An event without what differs between two runs of the same script (its own id and timestamp,
 * the ids minted for streamed blocks); everything else — type, reply_id, session_id,
 * tool_call_id, states, deltas, token counts — must be equal.
 */
function comparable(event: AgentEvent): Record<string, unknown> {
  // The resuming agent is another one (another agent_id): what it does must be the same.
  const {
    id: _id,
    created_at: _at,
    agent_id: _agent,
    ...rest
  } = event as AgentEvent & Record<string, unknown>;
  if ("block_id" in rest) delete rest["block_id"];
  return rest;
}

function externalResult(replyId: string, callId = "x1") {
  return createEvent("EXTERNAL_EXECUTION_RESULT", {
    reply_id: replyId,
    execution_results: [
      {
        type: "tool_result",
        id: callId,
        name: "remote",
        output: "42",
        state: "success",
        metadata: { host: "elsewhere" },
        created_at: "2025-01-01T00:00:00.000Z",
        finished_at: null,
      },
    ],
  });
}

describe("Agent resume from persisted state (spec §10)", () => {
  it("§10/§11.106 a reply parked on an external tool resumes in a fresh Agent from the state's JSON with the same remaining events", async () => {
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ id: "x1", name: "remote", input: { q: "meaning of life?" } }] },
      "The answer is 42.",
    ];
    const a = makeAgent(turns, { tools: [new Remote()] });
    const parked = await collect(a.replyStream(user("go")));
    expect(parked.at(-1)?.type).toBe("REQUIRE_EXTERNAL_EXECUTION");
    expect(a.actor.getSnapshot().value).toBe("awaiting-external");
    const replyId = a.state.replyId;

    const json = JSON.parse(JSON.stringify(a.state)) as AgentStateInput;
    const b = makeAgent(turns.slice(1), { tools: [new Remote()], state: json });
    expect(b.actor.getSnapshot().value).toBe("awaiting-external");
    expect(b.state.replyId).toBe(replyId);
    expect(b.state.session_id).toBe(a.state.session_id);
    expect(b.state.getAwaitingToolCalls("Friday")).toEqual([
      expect.objectContaining({ id: "x1", name: "remote", state: "submitted" }),
    ]);

    // Run A: the uninterrupted reference. Run B: the fresh agent, same input event.
    const reference = await collect(a.replyStream(externalResult(replyId)));
    const resumed = await collect(b.replyStream(externalResult(replyId)));

    expect(resumed.map(comparable)).toEqual(reference.map(comparable));
    expect(resumed.map((e) => e.type).slice(0, 2)).toEqual([
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(resumed.some((e) => e.type === "TOOL_RESULT_START")).toBe(false);
    expect(resumed[1]).toMatchObject({
      tool_call_id: "x1",
      state: "success",
      metadata: { host: "elsewhere" },
    });
    expect(resumed.every((e) => e.type === "CUSTOM" || e.reply_id === replyId)).toBe(true);
    expect(resumed.at(-1)).toMatchObject({
      type: "REPLY_END",
      reply_id: replyId,
      session_id: a.state.session_id,
      finished_reason: "completed",
    });
    expect(b.actor.getSnapshot().value).toBe("idle");
    expect(b.state.curIter).toBe(a.state.curIter);
    const blocks = (agent: Agent) =>
      agent.state.context[1]?.content.map((block) => `${block.type}:${block.id}`);
    expect(b.state.context[1]?.id).toBe(replyId);
    expect(blocks(b)?.slice(0, 2)).toEqual(["tool_call:x1", "tool_result:x1"]);
    expect(blocks(b)?.map((s) => s.split(":")[0])).toEqual(blocks(a)?.map((s) => s.split(":")[0]));
  });

  it("§10 a reply parked for confirmation resumes in a fresh Agent from state JSON written to and read from a file", async () => {
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
      "done",
    ];
    const a = makeAgent(turns, { tools: [echo()] });
    const waiting = await a.reply(user("go"));
    expect(waiting.finished_reason).toBeNull();

    const dir = await mkdtemp(join(tmpdir(), "actorscope-resume-"));
    try {
      const file = join(dir, "state.json");
      await writeFile(file, JSON.stringify(a.state), "utf8");
      const restored = AgentState.fromJSON(JSON.parse(await readFile(file, "utf8")));
      const b = makeAgent(turns.slice(1), { tools: [echo()], state: restored });
      expect(b.actor.getSnapshot().value).toBe("awaiting-confirm");
      expect(b.state.replyId).toBe(a.state.replyId);

      const confirm = (agent: Agent) =>
        confirmEvent(agent, [yes(agent.state.getAwaitingToolCalls("Friday")[0]!)]);
      const resumed = await collect(b.replyStream(confirm(b)));
      const reference = await collect(a.replyStream(confirm(a)));

      expect(resumed.map(comparable)).toEqual(reference.map(comparable));
      expect(resumed.map((e) => e.type).slice(0, 3)).toEqual([
        "TOOL_RESULT_START",
        "TOOL_RESULT_TEXT_DELTA",
        "TOOL_RESULT_END",
      ]);
      expect(resumed[1]).toMatchObject({ tool_call_id: "c1", delta: "echo: x" });
      expect(resumed.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
      expect(b.state.context.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(b.state.context[1]?.content.map((block) => block.type)).toEqual(
        a.state.context[1]?.content.map((block) => block.type),
      );
      expect(b.state.curIter).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("§3.3 an external result for a reply that waits for none, or for unknown ids, is rejected and changes nothing", async () => {
    const idle = makeAgent(["x"]);
    await expect(idle.reply(externalResult("r"))).rejects.toThrow(
      /^Agent is not waiting for external execution result, but received ExternalExecutionResultEvent: /,
    );
    expect(idle.state.context).toEqual([]);

    const agent = makeAgent([{ toolCalls: [{ id: "x1", name: "remote", input: { q: "?" } }] }], {
      tools: [new Remote()],
    });
    await agent.reply(user("go"));
    expect(agent.actor.getSnapshot().value).toBe("awaiting-external");
    const before = JSON.stringify(agent.state);
    await expect(agent.reply(externalResult(agent.state.replyId, "nope"))).rejects.toThrow(
      "Received ExternalExecutionResultEvent with tool call ids {'nope'} that are not waiting for external execution results.",
    );
    expect(JSON.stringify(agent.state)).toBe(before);
    expect(agent.actor.getSnapshot().value).toBe("awaiting-external");
  });
});
