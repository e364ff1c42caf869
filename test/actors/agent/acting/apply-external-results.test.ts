import { describe, expect, it } from "vitest";
import { createEvent, type ToolResultBlock } from "../../../../src/index.js";
import { applyExternalResults, runBatch } from "../../../../src/actors/agent/acting/index.js";
import { callOf, ExternalSearch, makeBench, resultOf, types, type Bench } from "./fixture.js";

function deliver(bench: Bench, results: ToolResultBlock[]) {
  const event = createEvent("EXTERNAL_EXECUTION_RESULT", {
    reply_id: bench.state.replyId,
    execution_results: results,
  });
  applyExternalResults(bench.deps, event);
  return event;
}

const result = (id: string, output: ToolResultBlock["output"]): ToolResultBlock => ({
  type: "tool_result",
  id,
  name: "external_search",
  output,
  state: "success",
  metadata: { source: "outside" },
  created_at: "2025-01-01T00:00:00.000Z",
  finished_at: null,
});

describe("applyExternalResults (spec §3.7 resuming)", () => {
  it("§11.106 a submitted call's string result: one text delta and END, no START; saved; call finished", async () => {
    const bench = makeBench({
      tools: [new ExternalSearch()],
      calls: [{ id: "c1", name: "external_search", input: '{"query": "q"}' }],
    });
    await runBatch(
      bench.deps,
      { kind: "sequential", calls: [callOf(bench, "c1")] },
      new AbortController().signal,
    );
    expect(types(bench.events)).toEqual(["TOOL_RESULT_START", "REQUIRE_EXTERNAL_EXECUTION"]);
    bench.events.length = 0;

    deliver(bench, [result("c1", "42 results")]);
    expect(types(bench.events)).toEqual(["TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_END"]);
    expect(bench.events[0]).toMatchObject({ tool_call_id: "c1", delta: "42 results" });
    expect(bench.events[1]).toMatchObject({
      tool_call_id: "c1",
      state: "success",
      metadata: { source: "outside" },
      reply_id: bench.state.replyId,
    });
    expect(resultOf(bench, "c1")).toMatchObject({
      output: "42 results",
      metadata: { source: "outside" },
      // saved as-is (the reference does not stamp it); the END event has its own time
      finished_at: null,
    });
    expect(bench.events[1]?.created_at).toEqual(expect.any(String));
    expect(callOf(bench, "c1").state).toBe("finished");
    expect(bench.state.getAwaitingToolCalls("Friday")).toEqual([]);
  });

  it("§3.7 a block-list result streams one delta per block and keeps its own finished_at", () => {
    const bench = makeBench({
      tools: [new ExternalSearch()],
      calls: [{ id: "c1", name: "external_search", input: '{"query": "q"}', state: "submitted" }],
    });
    const block = {
      ...result("c1", [
        {
          type: "text",
          text: "found",
          id: "t1",
          created_at: "2025-01-01T00:00:00.000Z",
          finished_at: null,
        },
        {
          type: "data",
          id: "d1",
          name: null,
          source: { type: "base64", data: "aGk=", media_type: "image/png" },
          created_at: "2025-01-01T00:00:00.000Z",
          finished_at: null,
        },
      ]),
      state: "error",
      finished_at: "2025-01-02T00:00:00.000Z",
    } satisfies ToolResultBlock;
    deliver(bench, [block]);
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_DATA_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(bench.events[1]).toMatchObject({ block_id: "d1", data: "aGk=", url: null });
    expect(bench.events[2]).toMatchObject({ state: "error" });
    expect(resultOf(bench, "c1")).toBe(block);
    expect(callOf(bench, "c1").state).toBe("finished");
  });
});
