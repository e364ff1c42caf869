import { describe, expect, it } from "vitest";
import type { InspectionEvent } from "xstate";
import { AgentStateName } from "../../../src/index.js";
import { allow, echo, makeAgent, user } from "./agent-fixture.js";

describe("Agent inspection (XState inspect option)", () => {
  it("the inspector sees @xstate.snapshot events visiting compressing, reasoning, acting and back to idle for a one-tool-round reply", async () => {
    const inspected: InspectionEvent[] = [];
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      { tools: [echo()], state: allow("echo"), inspect: (event) => inspected.push(event) },
    );
    await agent.reply(user("go"));

    const kinds = new Set(inspected.map((e) => e.type));
    expect(kinds).toContain("@xstate.actor");
    expect(kinds).toContain("@xstate.event");
    expect(kinds).toContain("@xstate.snapshot");

    // The agent's own snapshots (the invoked work actors report theirs too).
    const values: unknown[] = [];
    for (const e of inspected) {
      if (e.type !== "@xstate.snapshot" || e.actorRef !== agent.actor) continue;
      const value = (e.snapshot as { value?: unknown }).value;
      if (values.at(-1) !== value) values.push(value);
    }
    const names: readonly unknown[] = Object.values(AgentStateName);
    expect(values.every((v) => names.includes(v))).toBe(true);
    // Without reasoning's compression step: the loop of a one-tool-round reply.
    expect(values.filter((v) => v !== "compressing")).toEqual([
      "idle",
      "reasoning",
      "acting",
      "reasoning",
      "idle",
    ]);
    // Compression is checked before the first model call (later ones may skip the state when
    // the context is known to be under its trigger).
    expect(values.slice(0, 3)).toEqual(["idle", "compressing", "reasoning"]);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });
});
