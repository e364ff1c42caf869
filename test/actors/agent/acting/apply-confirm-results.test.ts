import { describe, expect, it } from "vitest";
import {
  createEvent,
  type ConfirmResult,
  type PermissionRule,
  type ToolCallBlock,
} from "../../../../src/index.js";
import {
  applyConfirmResults,
  runBatch,
  userDeniedReminder,
} from "../../../../src/actors/agent/acting/index.js";
import { callOf, makeBench, resultOf, types, typesFor, weather, type Bench } from "./fixture.js";

const never = () => new AbortController().signal;
const toolRule: PermissionRule = {
  tool_name: "weather",
  rule_content: null,
  behavior: "allow",
  source: "suggested",
};

function confirm(bench: Bench, results: ConfirmResult[]) {
  applyConfirmResults(
    bench.deps,
    createEvent("USER_CONFIRM_RESULT", {
      reply_id: bench.state.replyId,
      confirm_results: results,
    }),
  );
}

const answer = (
  call: ToolCallBlock,
  confirmed: boolean,
  changes: Partial<ToolCallBlock> = {},
  rules: PermissionRule[] | null = null,
): ConfirmResult => ({ confirmed, tool_call: { ...call, ...changes }, rules });

/** The executable calls of the reply (spec §3.5 step 1) run as one concurrent batch. */
async function actAgain(bench: Bench) {
  const awaiting = bench.state.getAwaitingToolCalls("Friday").length > 0;
  const calls = bench.state
    .getUnfinishedToolCalls("Friday")
    .filter((c) => c.state === "allowed" || (c.state === "pending" && !awaiting));
  return runBatch(bench.deps, { kind: "concurrent", calls }, never());
}

describe("applyConfirmResults (spec §3.7 resuming)", () => {
  it("§11.99/§11.102 a confirmed call becomes allowed with the user's input and then runs with it", async () => {
    const seen: string[] = [];
    const bench = makeBench({
      tools: [weather("weather", (city) => seen.push(city))],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Rome"}' }],
    });
    await runBatch(bench.deps, { kind: "sequential", calls: [callOf(bench, "c1")] }, never());
    bench.events.length = 0;

    confirm(bench, [answer(callOf(bench, "c1"), true, { input: '{"city": "Milan"}' })]);
    expect(bench.events).toEqual([]);
    expect(callOf(bench, "c1")).toMatchObject({ state: "allowed", input: '{"city": "Milan"}' });

    const outcome = await actAgain(bench);
    expect(outcome).toEqual({ interrupted: false, parked: false });
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(seen).toEqual(["Milan"]);
    expect(callOf(bench, "c1")).toMatchObject({ state: "finished", input: '{"city": "Milan"}' });
  });

  it("§3.7 a confirmation may rename the call, and its rules persist in the permission context", () => {
    const bench = makeBench({
      tools: [weather(), weather("forecast")],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Rome"}', state: "asking" }],
    });
    const rule: PermissionRule = { ...toolRule, tool_name: "forecast", source: "session" };
    confirm(bench, [answer(callOf(bench, "c1"), true, { name: "forecast" }, [rule])]);
    expect(callOf(bench, "c1")).toMatchObject({ state: "allowed", name: "forecast" });
    expect(bench.engine.context.allow_rules["forecast"]).toEqual([rule]);
    // the state holds the engine's live context (as the agent wires it)
    expect(bench.state.permission_context.allow_rules["forecast"]).toEqual([rule]);
  });

  it("§11.100 a rejected call gets a denied result with the user-denied reminder", () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Rome"}', state: "asking" }],
    });
    confirm(bench, [answer(callOf(bench, "c1"), false)]);
    const text =
      '<system-reminder>The execution of tool "weather" is denied by user!</system-reminder>';
    expect(userDeniedReminder("weather")).toBe(text);
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(bench.events[1]).toMatchObject({ delta: text });
    expect(bench.events[2]).toMatchObject({ state: "denied", tool_call_id: "c1" });
    expect(resultOf(bench, "c1")).toMatchObject({ output: text, state: "denied" });
    expect(callOf(bench, "c1").state).toBe("finished");
    expect(bench.state.getUnfinishedToolCalls("Friday")).toEqual([]);
  });

  it("§3.7 calls without an answer are left as they are", () => {
    const bench = makeBench({
      tools: [weather("a"), weather("b")],
      calls: [
        { id: "c1", name: "a", input: '{"city": "X"}', state: "asking" },
        { id: "c2", name: "b", input: '{"city": "Y"}', state: "asking" },
      ],
    });
    confirm(bench, [answer(callOf(bench, "c1"), true)]);
    expect(callOf(bench, "c1").state).toBe("allowed");
    expect(callOf(bench, "c2").state).toBe("asking");
    expect(bench.events).toEqual([]);
  });

  it("§11.103 confirming with the tool-name rule lets the deferred sibling run without a prompt", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [
        { id: "c1", name: "weather", input: '{"city": "X"}' },
        { id: "c2", name: "weather", input: '{"city": "Y"}' },
      ],
    });
    await actAgain(bench);
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM"]);
    bench.events.length = 0;

    confirm(bench, [answer(callOf(bench, "c1"), true, {}, [toolRule])]);
    const outcome = await actAgain(bench);
    expect(outcome).toEqual({ interrupted: false, parked: false });
    expect(types(bench.events).filter((t) => t.startsWith("REQUIRE"))).toEqual([]);
    expect(typesFor(bench.events, "c1")).toContain("TOOL_RESULT_END");
    expect(typesFor(bench.events, "c2")).toContain("TOOL_RESULT_END");
  });

  it("§3.7 confirming without rules runs the first call, and the deferred one is asked then", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [
        { id: "c1", name: "weather", input: '{"city": "X"}' },
        { id: "c2", name: "weather", input: '{"city": "Y"}' },
      ],
    });
    await actAgain(bench);
    bench.events.length = 0;

    confirm(bench, [answer(callOf(bench, "c1"), true)]);
    const outcome = await actAgain(bench);
    expect(outcome).toEqual({ interrupted: false, parked: true });
    expect(typesFor(bench.events, "c1")).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(typesFor(bench.events, "c2")).toEqual(["REQUIRE_USER_CONFIRM"]);
    expect(callOf(bench, "c2").state).toBe("asking");
  });
});
