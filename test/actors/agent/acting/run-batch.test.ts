import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DeveloperOrientedError, FunctionTool } from "../../../../src/index.js";
import { TOOL_INTERRUPTED_REMINDER } from "../../../../src/tools/index.js";
import { runBatch } from "../../../../src/actors/agent/acting/index.js";
import {
  callOf,
  Dangerous,
  deferred,
  ExternalSearch,
  makeBench,
  resultOf,
  types,
  typesFor,
  waitsForAbort,
  weather,
  type Bench,
} from "./fixture.js";
import { useQuietLogger } from "../../../harness/quiet-logger.js";

const batchOf = (bench: Bench, kind: "sequential" | "concurrent", ids: readonly string[]) => ({
  kind,
  calls: ids.map((id) => callOf(bench, id)),
});
const never = () => new AbortController().signal;
const RESULT = ["TOOL_RESULT_START", "TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_END"];

/** A tool whose code has a bug (it throws a developer-oriented error). */
function brokenTool(): FunctionTool {
  return new FunctionTool({
    name: "broken",
    description: "Has a bug.",
    parameters: z.object({}),
    fn: () => {
      throw new DeveloperOrientedError("BUG", "the tool is miswired");
    },
  });
}

// Failures turned into results are logged; keep the test output quiet.
useQuietLogger();

describe("runBatch (spec §3.7 batches)", () => {
  it("§11.96 a sequential batch runs each call to its end before the next", async () => {
    const bench = makeBench({
      tools: [weather("a"), weather("b")],
      calls: [
        { id: "c1", name: "a", input: '{"city": "X"}' },
        { id: "c2", name: "b", input: '{"city": "Y"}' },
      ],
      allow: ["a", "b"],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "sequential", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: false });
    expect(types(bench.events)).toEqual([...RESULT, ...RESULT]);
    expect(
      bench.events.slice(0, 3).every((e) => "tool_call_id" in e && e.tool_call_id === "c1"),
    ).toBe(true);
    expect(callOf(bench, "c2").state).toBe("finished");
  });

  it("§11.105 a sequential batch stops at the first REQUIRE_USER_CONFIRM; the next call stays pending", async () => {
    const bench = makeBench({
      tools: [weather("a"), weather("b")],
      calls: [
        { id: "c1", name: "a", input: '{"city": "X"}' },
        { id: "c2", name: "b", input: '{"city": "Y"}' },
      ],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "sequential", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: true });
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM"]);
    expect(callOf(bench, "c1").state).toBe("asking");
    expect(callOf(bench, "c2").state).toBe("pending");
    expect(bench.permissionChecks).toBe(1);
  });

  it("§3.7 a sequential batch stops at the first REQUIRE_EXTERNAL_EXECUTION", async () => {
    const bench = makeBench({
      tools: [new ExternalSearch(), weather()],
      calls: [
        { id: "c1", name: "external_search", input: '{"query": "q"}' },
        { id: "c2", name: "weather", input: '{"city": "Y"}' },
      ],
      allow: ["weather"],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "sequential", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: true });
    expect(types(bench.events)).toEqual(["TOOL_RESULT_START", "REQUIRE_EXTERNAL_EXECUTION"]);
    expect(callOf(bench, "c2").state).toBe("pending");
  });

  it("§11.103 a concurrent batch asks once for two calls to the same ASK tool", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [
        { id: "c1", name: "weather", input: '{"city": "X"}' },
        { id: "c2", name: "weather", input: '{"city": "Y"}' },
      ],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "concurrent", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: true });
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM"]);
    expect(bench.events[0]).toMatchObject({ tool_calls: [{ id: "c1" }] });
    expect(callOf(bench, "c1").state).toBe("asking");
    expect(callOf(bench, "c2")).toMatchObject({ state: "pending", suggested_rules: [] });
  });

  it("§11.104 a concurrent batch asks about each of two different ASK tools", async () => {
    const bench = makeBench({
      tools: [weather("a"), weather("b")],
      calls: [
        { id: "c1", name: "a", input: '{"city": "X"}' },
        { id: "c2", name: "b", input: '{"city": "Y"}' },
      ],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "concurrent", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: true });
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM", "REQUIRE_USER_CONFIRM"]);
    expect(callOf(bench, "c1").state).toBe("asking");
    expect(callOf(bench, "c2").state).toBe("asking");
  });

  it("§3.7 a bypass-immune ASK is asked even when a sibling's suggestion covers it", async () => {
    const bench = makeBench({
      tools: [new Dangerous()],
      calls: [
        { id: "c1", name: "dangerous", input: '{"path": ".env"}' },
        { id: "c2", name: "dangerous", input: '{"path": ".bashrc"}' },
      ],
    });
    await runBatch(bench.deps, batchOf(bench, "concurrent", ["c1", "c2"]), never());
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM", "REQUIRE_USER_CONFIRM"]);
  });

  it("§11.96 the calls of a concurrent batch run together, their events interleaved", async () => {
    const bothStarted = deferred();
    let started = 0;
    const gate = (name: string) =>
      new FunctionTool({
        name,
        description: "Waits for its sibling.",
        parameters: z.object({}),
        fn: async () => {
          started += 1;
          if (started === 2) bothStarted.resolve();
          await bothStarted.promise;
          return name;
        },
      });
    const bench = makeBench({
      tools: [gate("a"), gate("b")],
      calls: [
        { id: "c1", name: "a" },
        { id: "c2", name: "b" },
      ],
      allow: ["a", "b"],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "concurrent", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: false });
    expect(types(bench.events).slice(0, 2)).toEqual(["TOOL_RESULT_START", "TOOL_RESULT_START"]);
    expect(typesFor(bench.events, "c1")).toEqual(RESULT);
    expect(typesFor(bench.events, "c2")).toEqual(RESULT);
  });

  it("§3.7 a concurrent batch gives a failing call an error result instead of raising (departure: the reference raises an ExceptionGroup)", async () => {
    const broken = brokenTool();
    const bench = makeBench({
      tools: [broken, weather()],
      calls: [
        { id: "c1", name: "broken" },
        { id: "c2", name: "weather", input: '{"city": "X"}' },
      ],
      allow: ["broken", "weather"],
    });
    const outcome = await runBatch(bench.deps, batchOf(bench, "concurrent", ["c1", "c2"]), never());
    expect(outcome).toEqual({ interrupted: false, parked: false });
    expect(typesFor(bench.events, "c1")).toEqual(RESULT);
    expect(resultOf(bench, "c1")).toMatchObject({ state: "error" });
    expect(resultOf(bench, "c1")?.output).toContain("DeveloperOrientedError: the tool is miswired");
    // the sibling was not cancelled
    expect(typesFor(bench.events, "c2")).toEqual(RESULT);
    expect(callOf(bench, "c2").state).toBe("finished");
  });

  it("§3.8/§11.109 aborting a sequential batch interrupts the running tool and starts no further call", async () => {
    const { tool, started } = waitsForAbort("wait", false);
    const bench = makeBench({
      tools: [tool, weather()],
      calls: [
        { id: "c1", name: "wait" },
        { id: "c2", name: "weather", input: '{"city": "X"}' },
      ],
      allow: ["wait", "weather"],
    });
    const controller = new AbortController();
    const running = runBatch(
      bench.deps,
      batchOf(bench, "sequential", ["c1", "c2"]),
      controller.signal,
    );
    await started;
    controller.abort();
    expect(await running).toEqual({ interrupted: true, parked: false });
    expect(types(bench.events)).toEqual(RESULT);
    expect(bench.events.at(-1)).toMatchObject({
      tool_call_id: "c1",
      state: "interrupted",
    });
    expect(bench.events[1]).toMatchObject({ delta: TOOL_INTERRUPTED_REMINDER });
    expect(callOf(bench, "c1").state).toBe("finished");
    const result = resultOf(bench, "c1");
    expect(result?.state).toBe("interrupted");
    expect(result?.output).toEqual([
      expect.objectContaining({ type: "text", text: TOOL_INTERRUPTED_REMINDER }),
    ]);
    expect(callOf(bench, "c2").state).toBe("pending");
    expect(resultOf(bench, "c2")).toBeUndefined();
  });

  it("§3.8 aborting a concurrent batch interrupts every running tool, then returns interrupted", async () => {
    const first = waitsForAbort("w1");
    const second = waitsForAbort("w2");
    const bench = makeBench({
      tools: [first.tool, second.tool],
      calls: [
        { id: "c1", name: "w1" },
        { id: "c2", name: "w2" },
      ],
      allow: ["w1", "w2"],
    });
    const controller = new AbortController();
    const running = runBatch(
      bench.deps,
      batchOf(bench, "concurrent", ["c1", "c2"]),
      controller.signal,
    );
    await Promise.all([first.started, second.started]);
    controller.abort();
    expect(await running).toEqual({ interrupted: true, parked: false });
    for (const id of ["c1", "c2"]) {
      expect(typesFor(bench.events, id)).toEqual(RESULT);
      expect(resultOf(bench, id)?.state).toBe("interrupted");
    }
  });

  it("§3.8 a batch whose signal is already aborted runs nothing and reports interrupted", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [
        { id: "c1", name: "weather", input: '{"city": "X"}' },
        { id: "c2", name: "weather", input: '{"city": "Y"}' },
      ],
      allow: ["weather"],
    });
    const controller = new AbortController();
    controller.abort();
    for (const kind of ["sequential", "concurrent"] as const) {
      const outcome = await runBatch(
        bench.deps,
        batchOf(bench, kind, ["c1", "c2"]),
        controller.signal,
      );
      expect(outcome).toEqual({ interrupted: true, parked: false });
    }
    expect(bench.events).toEqual([]);
    const states = ["c1", "c2"].map((id) => callOf(bench, id).state);
    expect(states).toEqual(["pending", "pending"]);
  });
});
