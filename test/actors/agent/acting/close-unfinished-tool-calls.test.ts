import { describe, expect, it } from "vitest";
import { UserMsg } from "../../../../src/index.js";
import { TOOL_INTERRUPTED_REMINDER } from "../../../../src/tools/index.js";
import { closeUnfinishedToolCalls } from "../../../../src/actors/agent/acting/index.js";
import { callOf, makeBench, resultOf, typesFor, weather } from "./fixture.js";

describe("closeUnfinishedToolCalls (spec §3.8)", () => {
  it("§11.108 closes every call without a result; allowed and submitted ones get no second START", () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [
        { id: "asking", name: "weather", state: "asking" },
        { id: "pending", name: "weather", state: "pending" },
        { id: "allowed", name: "weather", state: "allowed" },
        { id: "submitted", name: "weather", state: "submitted" },
        { id: "done", name: "weather", state: "finished" },
      ],
    });
    bench.state.appendContext("Friday", [
      {
        type: "tool_result",
        id: "done",
        name: "weather",
        output: "ok",
        state: "success",
        metadata: {},
        created_at: "2025-01-01T00:00:00.000Z",
        finished_at: null,
      },
    ]);
    closeUnfinishedToolCalls(bench.deps);

    const withStart = ["TOOL_RESULT_START", "TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_END"];
    expect(typesFor(bench.events, "asking")).toEqual(withStart);
    expect(typesFor(bench.events, "pending")).toEqual(withStart);
    expect(typesFor(bench.events, "allowed")).toEqual(withStart.slice(1));
    expect(typesFor(bench.events, "submitted")).toEqual(withStart.slice(1));
    expect(typesFor(bench.events, "done")).toEqual([]);
    for (const id of ["asking", "pending", "allowed", "submitted"]) {
      expect(callOf(bench, id).state).toBe("finished");
      expect(resultOf(bench, id)).toMatchObject({
        output: TOOL_INTERRUPTED_REMINDER,
        state: "interrupted",
        name: "weather",
      });
    }
    const deltas = bench.events.filter((e) => e.type === "TOOL_RESULT_TEXT_DELTA");
    expect(deltas.every((e) => e.delta === TOOL_INTERRUPTED_REMINDER)).toBe(true);
    const ends = bench.events.filter((e) => e.type === "TOOL_RESULT_END");
    expect(ends.every((e) => e.state === "interrupted")).toBe(true);
    expect(bench.state.getUnfinishedToolCalls("Friday")).toEqual([]);
  });

  it("§3.8 does nothing when the last message is not this agent's", () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", state: "asking" }],
    });
    bench.state.context.push(new UserMsg({ name: "user", content: "hello" }));
    closeUnfinishedToolCalls(bench.deps);
    expect(bench.events).toEqual([]);
    expect(callOf(bench, "c1").state).toBe("asking");
  });
});
