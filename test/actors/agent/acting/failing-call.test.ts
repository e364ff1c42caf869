import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DeveloperOrientedError,
  FunctionTool,
  ToolBase,
  ToolResponse,
  type PermissionDecision,
  type ToolChunk,
} from "../../../../src/index.js";
import {
  ActingError,
  ActingErrorCode,
  ToolCallError,
  executeToolCall,
  runBatch,
} from "../../../../src/actors/agent/acting/index.js";
import { setLogger } from "../../../../src/errors/index.js";
import type { LoopDeps } from "../../../../src/actors/agent/loop-deps.js";
import { callOf, makeBench, resultOf, typesFor, weather, type Bench } from "./fixture.js";

/** What the pipeline logged (a failure turned into a result is never silent). */
let warnings: { message: string; details: unknown }[] = [];
let restore: () => void = () => undefined;
beforeEach(() => {
  warnings = [];
  restore = setLogger({
    warn: (message, details) => warnings.push({ message, details }),
    error: (message, details) => warnings.push({ message, details }),
  });
});
afterEach(() => {
  restore();
});

const RESULT = ["TOOL_RESULT_START", "TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_END"];
const never = () => new AbortController().signal;
const run = (bench: Bench, id: string) =>
  executeToolCall(bench.deps, callOf(bench, id), never(), null);

const allowAll: PermissionDecision = {
  behavior: "allow",
  message: "ok",
  decision_reason: null,
  updated_input: null,
  suggested_rules: null,
  bypass_immune: false,
};

/** A tool with overridable hooks, allowed by its own check unless a hook says otherwise. */
class Hooked extends ToolBase {
  readonly description = "Has hooks that may fail.";
  readonly inputSchema = { type: "object", properties: { a: { type: "string" } } };
  readonly isConcurrencySafe = true;
  readonly isReadOnly = false;

  constructor(
    readonly name: string,
    private readonly hooks: {
      check?: () => PermissionDecision;
      subjects?: () => never;
      call?: () => unknown;
      invoke?: () => never;
    } = {},
  ) {
    super();
    if (hooks.subjects !== undefined) this.ruleSubjects = hooks.subjects;
    if (hooks.invoke !== undefined) this.invoke = hooks.invoke;
  }

  checkPermissions(): PermissionDecision {
    return this.hooks.check?.() ?? allowAll;
  }

  override call(): string {
    return (this.hooks.call?.() as string | undefined) ?? "done";
  }
}

/** The call ended with exactly one error result whose text the typed error gives. */
function expectErrorResult(bench: Bench, id: string, text: RegExp | string): void {
  expect(typesFor(bench.events, id)).toEqual(RESULT);
  const end = bench.events.findLast((e) => e.type === "TOOL_RESULT_END");
  expect(end).toMatchObject({ tool_call_id: id, state: "error" });
  const result = resultOf(bench, id);
  expect(result?.state).toBe("error");
  expect(typeof result?.output).toBe("string");
  if (typeof text === "string") expect(result?.output).toBe(text);
  else expect(result?.output).toMatch(text);
  const delta = bench.events.find((e) => e.type === "TOOL_RESULT_TEXT_DELTA");
  expect(delta).toMatchObject({ delta: result?.output });
  expect(callOf(bench, id).state).toBe("finished");
  const results = bench.state.context
    .flatMap((m) => m.content)
    .filter((b) => b.type === "tool_result" && b.id === id);
  expect(results).toHaveLength(1);
  expect(warnings.some((w) => w.message.includes(`'${id}'`))).toBe(true);
}

describe("executeToolCall: a failing pipeline still gives the call a result (issue 10 §2)", () => {
  it("a 10,000-deep argument that overflows the error rendering gets an error result", async () => {
    const tool = new FunctionTool({
      name: "t",
      description: "Takes a string.",
      parameters: z.object({ a: z.string() }),
      fn: () => "ran",
    });
    const deep = `{"a": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const bench = makeBench({ tools: [tool], calls: [{ id: "c1", name: "t", input: deep }] });
    expect(await run(bench, "c1")).toBe("finished");
    expectErrorResult(
      bench,
      "c1",
      /^ToolCallError: Tool call 'c1' \(tool 't'\) failed before it ran: RangeError: /,
    );
    expect(bench.permissionChecks).toBe(0);
  });

  it("a tool returning a non-chunk gets an error result naming the developer error", async () => {
    const bench = makeBench({
      tools: [new Hooked("bad", { call: () => 42 })],
      calls: [{ id: "c1", name: "bad" }],
    });
    expect(await run(bench, "c1")).toBe("finished");
    expectErrorResult(
      bench,
      "c1",
      /^ToolCallError: Tool call 'c1' \(tool 'bad'\) failed while running: DeveloperOrientedError: /,
    );
  });

  it("a tool streaming a non-chunk gets an error result", async () => {
    const bench = makeBench({
      tools: [
        new Hooked("stream", {
          call: () =>
            (async function* () {
              await Promise.resolve();
              yield 42;
            })(),
        }),
      ],
      calls: [{ id: "c1", name: "stream" }],
    });
    await run(bench, "c1");
    expectErrorResult(
      bench,
      "c1",
      /failed while running: DeveloperOrientedError: .*but got number/,
    );
  });

  it("a tool throwing a developer-oriented error gets an error result", async () => {
    const bench = makeBench({
      tools: [
        new Hooked("bug", {
          call: () => {
            throw new DeveloperOrientedError("BUG", "the tool is miswired");
          },
        }),
      ],
      calls: [{ id: "c1", name: "bug" }],
    });
    await run(bench, "c1");
    expectErrorResult(
      bench,
      "c1",
      "ToolCallError: Tool call 'c1' (tool 'bug') failed while running: DeveloperOrientedError: the tool is miswired",
    );
  });

  it("a tool whose invoke throws synchronously gets an error result", async () => {
    const bench = makeBench({
      tools: [
        new Hooked("sync", {
          invoke: () => {
            throw new TypeError("invoke exploded");
          },
        }),
        new Hooked("syncbug", {
          invoke: () => {
            throw new DeveloperOrientedError("BUG", "miswired");
          },
        }),
      ],
      calls: [
        { id: "c1", name: "sync" },
        { id: "c2", name: "syncbug" },
      ],
    });
    await run(bench, "c1");
    // an ordinary error is the toolkit's error chunk, as the reference's str(e)
    expect(typesFor(bench.events, "c1")).toEqual(RESULT);
    expect(resultOf(bench, "c1")).toMatchObject({
      state: "error",
      output: [expect.objectContaining({ text: "invoke exploded" })],
    });
    bench.events.length = 0;
    await run(bench, "c2");
    expectErrorResult(bench, "c2", /failed while running: DeveloperOrientedError: miswired$/);
  });

  it("a tool's checkPermissions that throws gets an error result, and the tool does not run", async () => {
    let ran = false;
    const bench = makeBench({
      tools: [
        new Hooked("perm", {
          check: () => {
            throw new Error("cannot decide");
          },
          call: () => {
            ran = true;
            return "ran";
          },
        }),
      ],
      calls: [{ id: "c1", name: "perm" }],
    });
    expect(await run(bench, "c1")).toBe("finished");
    expectErrorResult(
      bench,
      "c1",
      "ToolCallError: Tool call 'c1' (tool 'perm') failed in its permission check: cannot decide",
    );
    expect(ran).toBe(false);
  });

  it("an onCheckPermission hook that throws gets an error result", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      checkPermission: () => Promise.reject(new Error("hook bug")),
    });
    await run(bench, "c1");
    expectErrorResult(bench, "c1", /failed in its permission check: hook bug$/);
  });

  it("a ruleSubjects hook that throws gets an error result", async () => {
    const bench = makeBench({
      tools: [
        new Hooked("subj", {
          check: () => ({ ...allowAll, behavior: "passthrough" }),
          subjects: () => {
            throw new Error("parser crashed");
          },
        }),
      ],
      calls: [{ id: "c1", name: "subj" }],
    });
    bench.engine.addRule({
      tool_name: "subj",
      rule_content: "something",
      behavior: "allow",
      source: "test",
    });
    await run(bench, "c1");
    expectErrorResult(bench, "c1", /failed in its permission check: parser crashed$/);
  });

  it("an agent-oriented error thrown by a hook is shown to the model as its own text", async () => {
    const { ToolNotFoundError } =
      await import("../../../../src/tools/errors/tool-not-found-error.js");
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      checkPermission: () => Promise.reject(new ToolNotFoundError("ghost")),
    });
    await run(bench, "c1");
    expectErrorResult(bench, "c1", "ToolNotFoundError: The tool named 'ghost' doesn't exist.");
  });

  it.each([
    ["null", null],
    ["a number", 42],
    ["an object without content", { state: "success" }],
    ["a chunk whose content is a string", { content: "text" }],
    ["a chunk with an unknown block", { content: [{ type: "bogus" }] }],
    ["a chunk with a text block without text", { content: [{ type: "text", id: "t" }] }],
    [
      "a chunk with a data block without a source",
      { content: [{ type: "data", id: "d", name: null }] },
    ],
  ])("an onActing chain yielding %s gets an error result", async (_label, item) => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      allow: ["weather"],
      acting: async function* () {
        await Promise.resolve();
        yield item as unknown as ToolChunk;
      },
    });
    expect(await run(bench, "c1")).toBe("finished");
    expectErrorResult(
      bench,
      "c1",
      /^ToolCallError: Tool call 'c1' \(tool 'weather'\) failed while running: DeveloperOrientedError: The acting of tool call 'c1' yielded /,
    );
  });

  it("an onActing chain that ends without a ToolResponse gets an error result", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Riga"}' }],
      allow: ["weather"],
      acting: async function* (call, signal) {
        for await (const item of bench.toolkit.callTool(call, { signal })) {
          if (!(item instanceof ToolResponse)) yield item;
        }
      },
    });
    await run(bench, "c1");
    // the tool's own delta went out, then the error's
    expect(typesFor(bench.events, "c1")).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(resultOf(bench, "c1")).toMatchObject({ state: "error" });
    expect(resultOf(bench, "c1")?.output).toMatch(/ended without a ToolResponse/);
  });

  it("an onActing chain that throws after the ToolResponse keeps the result it gave", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Riga"}' }],
      allow: ["weather"],
      acting: async function* (call, signal) {
        yield* bench.toolkit.callTool(call, { signal });
        throw new Error("cleanup failed");
      },
    });
    expect(await run(bench, "c1")).toBe("finished");
    expect(typesFor(bench.events, "c1")).toEqual(RESULT);
    expect(resultOf(bench, "c1")).toMatchObject({ state: "success" });
  });

  it("a truncation that throws gets an error result (no second START)", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Riga"}' }],
      allow: ["weather"],
      truncateResult: () => Promise.reject(new Error("offloader down")),
    });
    await run(bench, "c1");
    expect(typesFor(bench.events, "c1")).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(resultOf(bench, "c1")?.output).toBe(
      "ToolCallError: Tool call 'c1' (tool 'weather') failed while its result was saved: offloader down",
    );
  });

  it("the stored error result keeps finished_at null; the END event has its own time", async () => {
    const bench = makeBench({
      tools: [
        new Hooked("perm", {
          check: () => {
            throw new Error("x");
          },
        }),
      ],
      calls: [{ id: "c1", name: "perm" }],
    });
    await run(bench, "c1");
    expect(resultOf(bench, "c1")?.finished_at).toBeNull();
    expect(bench.events.at(-1)?.created_at).toEqual(expect.any(String));
  });

  it("a very long cause is cut so the error text stays bounded", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      checkPermission: () => Promise.reject(new Error("x".repeat(100_000))),
    });
    await run(bench, "c1");
    const output = resultOf(bench, "c1")?.output;
    expect(typeof output).toBe("string");
    expect((output as string).length).toBeLessThan(3000);
  });

  it("§3.8 a failure while the reply is being interrupted leaves the call to be closed interrupted", async () => {
    const controller = new AbortController();
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      checkPermission: () => {
        controller.abort();
        return Promise.reject(new Error("hook bug"));
      },
    });
    const outcome = await executeToolCall(bench.deps, callOf(bench, "c1"), controller.signal, null);
    expect(outcome).toBe("aborted");
    expect(bench.events).toEqual([]);
    expect(callOf(bench, "c1").state).toBe("pending");
    expect(resultOf(bench, "c1")).toBeUndefined();
    // logged, not silent
    expect(warnings.some((w) => w.message.includes("hook bug"))).toBe(true);
  });

  it("the per-call error is typed, with the cause kept (ToolCallError.fromCause)", () => {
    const cause = new RangeError("deep");
    const error = ToolCallError.fromCause({ id: "c1", name: "t" }, "prepare", cause);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error.code).toBe(ActingErrorCode.TOOL_CALL_FAILED);
    expect(error.cause).toBe(cause);
    expect(error).toMatchObject({ toolCallId: "c1", toolName: "t", stage: "prepare" });
  });
});

describe("runBatch: per-call failures never escape the batch (issue 10 §2)", () => {
  const broken = () =>
    new Hooked("broken", {
      call: () => {
        throw new DeveloperOrientedError("BUG", "the tool is miswired");
      },
    });

  it("§3.7 a failing call of a concurrent batch gets a result; its siblings still finish", async () => {
    const bench = makeBench({
      tools: [broken(), weather()],
      calls: [
        { id: "c1", name: "broken" },
        { id: "c2", name: "weather", input: '{"city": "X"}' },
        { id: "c3", name: "weather", input: '{"city": "Y"}' },
      ],
      allow: ["weather"],
    });
    const batch = {
      kind: "concurrent" as const,
      calls: ["c1", "c2", "c3"].map((id) => callOf(bench, id)),
    };
    expect(await runBatch(bench.deps, batch, never())).toEqual({
      interrupted: false,
      parked: false,
    });
    expect(resultOf(bench, "c1")?.state).toBe("error");
    for (const id of ["c2", "c3"]) {
      expect(typesFor(bench.events, id)).toEqual(RESULT);
      expect(resultOf(bench, id)?.state).toBe("success");
    }
  });

  it("§3.7 a concurrent batch of one failing call resolves with its error result", async () => {
    const bench = makeBench({ tools: [broken()], calls: [{ id: "c1", name: "broken" }] });
    const batch = { kind: "concurrent" as const, calls: [callOf(bench, "c1")] };
    expect(await runBatch(bench.deps, batch, never())).toEqual({
      interrupted: false,
      parked: false,
    });
    expect(resultOf(bench, "c1")?.state).toBe("error");
  });

  it("§3.7 a failing call of a sequential batch gets a result and the next call runs", async () => {
    const bench = makeBench({
      tools: [broken(), weather()],
      calls: [
        { id: "c1", name: "broken" },
        { id: "c2", name: "weather", input: '{"city": "X"}' },
      ],
      allow: ["weather"],
    });
    const batch = {
      kind: "sequential" as const,
      calls: [callOf(bench, "c1"), callOf(bench, "c2")],
    };
    expect(await runBatch(bench.deps, batch, never())).toEqual({
      interrupted: false,
      parked: false,
    });
    expect(resultOf(bench, "c1")?.state).toBe("error");
    expect(resultOf(bench, "c2")?.state).toBe("success");
  });

  it("an emit that throws is not a per-call failure: the batch rejects with a typed ActingError", async () => {
    for (const kind of ["sequential", "concurrent"] as const) {
      const bench = makeBench({
        tools: [weather()],
        calls: [
          { id: "c1", name: "weather", input: '{"city": "X"}' },
          { id: "c2", name: "weather", input: '{"city": "Y"}' },
        ],
        allow: ["weather"],
      });
      const failing = new Error("listener crashed");
      const deps: LoopDeps = {
        ...bench.deps,
        state: bench.state,
        emit: (event) => {
          if (event.type === "TOOL_RESULT_END") throw failing;
          bench.events.push(event);
        },
      };
      const batch = { kind, calls: [callOf(bench, "c1"), callOf(bench, "c2")] };
      const error: unknown = await runBatch(deps, batch, never()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActingError);
      expect(error).toMatchObject({ code: ActingErrorCode.EMIT_FAILED, cause: failing });
      expect(error).not.toBeInstanceOf(AggregateError);
    }
  });

  it("an emit that throws on every event also rejects the batch (never a hang)", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "X"}' }],
      allow: ["weather"],
    });
    const deps: LoopDeps = {
      ...bench.deps,
      state: bench.state,
      emit: () => {
        throw new Error("closed");
      },
    };
    const batch = { kind: "concurrent" as const, calls: [callOf(bench, "c1")] };
    await expect(runBatch(deps, batch, never())).rejects.toMatchObject({
      code: ActingErrorCode.EMIT_FAILED,
    });
  });
});
