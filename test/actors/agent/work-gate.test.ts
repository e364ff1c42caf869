import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbortedError, FunctionTool, createEvent } from "../../../src/index.js";
import { gatedDeps } from "../../../src/actors/agent/work-gate.js";
import type { WorkScope } from "../../../src/machines/index.js";
import { makeBench } from "./acting/fixture.js";

/** A scope the test stops by hand (the machine stops it when it leaves the work's state). */
function scope(): WorkScope & { stop(): void } {
  let stopped = false;
  return {
    signal: new AbortController().signal,
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
    },
  };
}

const tool = new FunctionTool({
  name: "t",
  description: "t",
  parameters: z.object({}),
  fn: () => "ok",
});

describe("gatedDeps (late work of an ended reply)", () => {
  it("passes everything through while the work is awaited", async () => {
    const bench = makeBench({ tools: [tool], calls: [{ id: "c1", name: "t" }], allow: ["t"] });
    const live = scope();
    const deps = gatedDeps(bench.deps, live);
    deps.emit(
      createEvent("TOOL_RESULT_START", { reply_id: "r", tool_call_id: "c1", tool_call_name: "t" }),
    );
    expect(bench.events).toHaveLength(1);
    expect(deps.state).toBe(bench.state);
    const call = bench.calls.get("c1")!;
    const decision = await deps.checkPermission({ toolCall: call, tool, toolInput: {} });
    expect(decision.behavior).toBe("allow");
  });

  it("§3.8 once the machine stopped waiting: events are dropped, the state cannot be reached, late answers throw", async () => {
    const bench = makeBench({ tools: [tool], calls: [{ id: "c1", name: "t" }], allow: ["t"] });
    const late = scope();
    const deps = gatedDeps(bench.deps, late);
    const call = bench.calls.get("c1")!;
    const pending = deps.checkPermission({ toolCall: call, tool, toolInput: {} });
    late.stop();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    deps.emit(
      createEvent("TOOL_RESULT_START", { reply_id: "r", tool_call_id: "c1", tool_call_name: "t" }),
    );
    expect(bench.events).toEqual([]);
    expect(() => deps.state).toThrow(AbortedError);
    await expect(async () =>
      deps.truncateResult({
        type: "tool_result",
        id: "c1",
        name: "t",
        output: "late",
        state: "success",
        metadata: {},
        created_at: new Date().toISOString(),
        finished_at: null,
      }),
    ).rejects.toBeInstanceOf(AbortedError);
  });
});
