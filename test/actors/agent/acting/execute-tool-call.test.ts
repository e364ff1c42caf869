import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FunctionTool, textChunk, ToolResponse, type ToolChunk } from "../../../../src/index.js";
import { ActingErrorCode, executeToolCall } from "../../../../src/actors/agent/acting/index.js";
import {
  callOf,
  ExternalSearch,
  makeBench,
  resultOf,
  types,
  weather,
  type Bench,
} from "./fixture.js";
import { useQuietLogger } from "../../../harness/quiet-logger.js";

const run = (bench: Bench, id: string, signal = new AbortController().signal) =>
  executeToolCall(bench.deps, callOf(bench, id), signal, null);

const report = new FunctionTool({
  name: "report",
  description: "Reports a temperature.",
  parameters: z.object({ city: z.string(), temperature: z.number() }),
  fn: ({ city, temperature }: { city: string; temperature: number }) => `${city}: ${temperature}`,
});

// Failures turned into results are logged; keep the test output quiet.
useQuietLogger();

describe("executeToolCall (spec §3.7 per call)", () => {
  it("§3.7 an allowed call streams START, TEXT_DELTA, END(success) and saves its result", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Paris"}' }],
      allow: ["weather"],
    });
    expect(await run(bench, "c1")).toBe("finished");
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(bench.events.every((e) => "reply_id" in e && e.reply_id === bench.state.replyId)).toBe(
      true,
    );
    expect(bench.events[0]).toMatchObject({ tool_call_id: "c1", tool_call_name: "weather" });
    expect(bench.events[1]).toMatchObject({ delta: "sunny in Paris" });
    expect(bench.events[2]).toMatchObject({ state: "success", metadata: {} });
    expect(callOf(bench, "c1").state).toBe("finished");
    const result = resultOf(bench, "c1");
    expect(result).toMatchObject({ name: "weather", state: "success" });
    expect(result?.output).toEqual([
      expect.objectContaining({ type: "text", text: "sunny in Paris" }),
    ]);
    // stored as the reference stores it; the END event has its own time
    expect(result?.finished_at).toBeNull();
    expect(bench.events[2]?.created_at).toEqual(expect.any(String));
    // saved in the reply message itself (spec §3.10)
    expect(bench.state.context).toHaveLength(1);
  });

  it("§3.7 an unknown tool gets an error result (message string) and no permission check", async () => {
    const bench = makeBench({ tools: [], calls: [{ id: "c1", name: "nope" }] });
    expect(await run(bench, "c1")).toBe("finished");
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    const message = "ToolNotFoundError: The tool named 'nope' doesn't exist.";
    expect(bench.events[1]).toMatchObject({ delta: message });
    expect(bench.events[2]).toMatchObject({ state: "error" });
    expect(resultOf(bench, "c1")).toMatchObject({ output: message, state: "error", name: "nope" });
    expect(callOf(bench, "c1").state).toBe("finished");
    expect(bench.permissionChecks).toBe(0);
  });

  it("§3.7 arguments that are not a JSON object get an error result, no permission prompt", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: "[1, 2]" }],
    });
    await run(bench, "c1");
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    const result = resultOf(bench, "c1");
    expect(result?.state).toBe("error");
    expect(typeof result?.output).toBe("string");
    expect(result?.output).toContain("but a dict object is expected!");
    expect(bench.permissionChecks).toBe(0);
  });

  it("§11.110 a schema violation gets 'Input validation failed …', no permission prompt", async () => {
    const bench = makeBench({
      tools: [report],
      calls: [{ id: "c1", name: "report", input: '{"city":"Hangzhou","temperature":"hot"}' }],
    });
    await run(bench, "c1");
    const message = "Input validation failed for tool 'report': 'hot' is not of type 'number'";
    expect(bench.events[1]).toMatchObject({ type: "TOOL_RESULT_TEXT_DELTA", delta: message });
    expect(bench.events[2]).toMatchObject({ type: "TOOL_RESULT_END", state: "error" });
    expect(resultOf(bench, "c1")).toMatchObject({ output: message, state: "error" });
    expect(bench.permissionChecks).toBe(0);
  });

  it("§3.7 a DENY gets a denied result carrying the decision's message", async () => {
    let ran = false;
    const bench = makeBench({
      tools: [weather("weather", () => (ran = true))],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Oslo"}' }],
    });
    bench.engine.addRule({
      tool_name: "weather",
      rule_content: null,
      behavior: "deny",
      source: "test",
    });
    expect(await run(bench, "c1")).toBe("finished");
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    const message = "Permission to use weather has been denied";
    expect(bench.events[1]).toMatchObject({ delta: message });
    expect(bench.events[2]).toMatchObject({ state: "denied" });
    expect(resultOf(bench, "c1")).toMatchObject({ output: message, state: "denied" });
    expect(callOf(bench, "c1").state).toBe("finished");
    expect(ran).toBe(false);
  });

  it("§11.97 an ASK sets the call asking with the suggestion and emits one REQUIRE_USER_CONFIRM, no START", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Rome"}' }],
    });
    expect(await run(bench, "c1")).toBe("asking");
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM"]);
    const suggestion = {
      tool_name: "weather",
      rule_content: null,
      behavior: "allow",
      source: "suggested",
    };
    const call = callOf(bench, "c1");
    expect(call.state).toBe("asking");
    expect(call.suggested_rules).toEqual([suggestion]);
    const event = bench.events[0];
    if (event?.type !== "REQUIRE_USER_CONFIRM") throw new Error("expected a confirm request");
    expect(event.tool_calls).toHaveLength(1);
    expect(event.tool_calls[0]).toMatchObject({
      id: "c1",
      state: "asking",
      suggested_rules: [suggestion],
    });
    // a snapshot: later changes to the live block do not reach it
    expect(event.tool_calls[0]).not.toBe(call);
    call.state = "allowed";
    expect(event.tool_calls[0]?.state).toBe("asking");
    expect(resultOf(bench, "c1")).toBeUndefined();
  });

  it("§3.7 a PASSTHROUGH decision is handled as an ASK", async () => {
    const bench = makeBench({
      tools: [weather()],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Rome"}' }],
      checkPermission: () =>
        Promise.resolve({
          behavior: "passthrough",
          message: "",
          decision_reason: null,
          updated_input: null,
          suggested_rules: null,
          bypass_immune: false,
        }),
    });
    expect(await run(bench, "c1")).toBe("asking");
    expect(types(bench.events)).toEqual(["REQUIRE_USER_CONFIRM"]);
    expect(callOf(bench, "c1")).toMatchObject({ state: "asking", suggested_rules: [] });
  });

  it("§3.7 the permission chain gets deep copies of the call and the input", async () => {
    const seen: string[] = [];
    const bench = makeBench({
      tools: [weather("weather", (city) => seen.push(city))],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Lima"}' }],
      allow: ["weather"],
      checkPermission: async ({ toolCall, tool, toolInput }) => {
        const decision = await bench.engine.decide(tool, toolInput);
        toolCall.input = '{"city": "Hacked"}';
        toolCall.state = "finished";
        toolInput["city"] = "Hacked";
        return decision;
      },
    });
    await run(bench, "c1");
    expect(seen).toEqual(["Lima"]);
    expect(callOf(bench, "c1")).toMatchObject({ input: '{"city": "Lima"}', state: "finished" });
    expect(bench.events[1]).toMatchObject({ delta: "sunny in Lima" });
  });

  it("§11.106 an external tool gets TOOL_RESULT_START then REQUIRE_EXTERNAL_EXECUTION (submitted)", async () => {
    const bench = makeBench({
      tools: [new ExternalSearch()],
      calls: [{ id: "c1", name: "external_search", input: '{"query": "actors"}' }],
    });
    expect(await run(bench, "c1")).toBe("submitted");
    expect(types(bench.events)).toEqual(["TOOL_RESULT_START", "REQUIRE_EXTERNAL_EXECUTION"]);
    expect(bench.events[1]).toMatchObject({
      tool_calls: [{ id: "c1", state: "submitted", suggested_rules: [] }],
    });
    expect(callOf(bench, "c1").state).toBe("submitted");
    expect(resultOf(bench, "c1")).toBeUndefined();
  });

  it("§3.7 streamed chunks become text and data deltas (base64 → data, URL → url, block ids kept)", async () => {
    const chunks: ToolChunk[] = [
      textChunk("part 1"),
      {
        content: [
          {
            type: "data",
            id: "img",
            name: null,
            source: { type: "base64", data: "aGVsbG8=", media_type: "image/png" },
            created_at: "2025-01-01T00:00:00.000Z",
            finished_at: null,
          },
          {
            type: "data",
            id: "doc",
            name: null,
            source: {
              type: "url",
              url: "https://example.com/a.pdf",
              media_type: "application/pdf",
            },
            created_at: "2025-01-01T00:00:00.000Z",
            finished_at: null,
          },
        ],
        state: "running",
        is_last: true,
        metadata: {},
        id: "chunk-2",
      },
    ];
    const media = new FunctionTool({
      name: "media",
      description: "Streams media.",
      parameters: z.object({}),
      fn: async function* () {
        yield* chunks;
        await Promise.resolve();
      },
    });
    const bench = makeBench({
      tools: [media],
      calls: [{ id: "c1", name: "media" }],
      allow: ["media"],
    });
    await run(bench, "c1");
    expect(types(bench.events)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_DATA_DELTA",
      "TOOL_RESULT_DATA_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(bench.events[2]).toMatchObject({
      block_id: "img",
      media_type: "image/png",
      data: "aGVsbG8=",
      url: null,
    });
    expect(bench.events[3]).toMatchObject({
      block_id: "doc",
      media_type: "application/pdf",
      data: null,
      url: "https://example.com/a.pdf",
    });
    expect(resultOf(bench, "c1")?.output).toHaveLength(3);
  });

  it("§3.7/§8.4 the truncated result is saved; END keeps the response's state and metadata", async () => {
    const tagged = new FunctionTool({
      name: "tagged",
      description: "Answers with metadata.",
      parameters: z.object({}),
      fn: () => textChunk("a long answer", { metadata: { rows: 3 } }),
    });
    const bench = makeBench({
      tools: [tagged],
      calls: [{ id: "c1", name: "tagged" }],
      allow: ["tagged"],
      truncateResult: (result) =>
        Promise.resolve({ ...result, output: "a lo", metadata: {}, finished_at: null }),
    });
    await run(bench, "c1");
    expect(bench.events.at(-1)).toMatchObject({
      type: "TOOL_RESULT_END",
      state: "success",
      metadata: { rows: 3 },
    });
    expect(bench.events[1]).toMatchObject({ delta: "a long answer" });
    expect(resultOf(bench, "c1")).toMatchObject({ output: "a lo", metadata: {} });
  });

  it("§3.7 a tool runs with the call block's current input", async () => {
    const seen: string[] = [];
    const bench = makeBench({
      tools: [weather("weather", (city) => seen.push(city))],
      calls: [{ id: "c1", name: "weather", input: '{"city": "Kyiv"}' }],
      allow: ["weather"],
    });
    callOf(bench, "c1").input = '{"city": "Lviv"}';
    await run(bench, "c1");
    expect(seen).toEqual(["Lviv"]);
  });

  it("§3.7 an acting chain that drops the ToolResponse gives the call an error result (NO_TOOL_RESPONSE)", async () => {
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
    expect(await run(bench, "c1")).toBe("finished");
    const result = resultOf(bench, "c1");
    expect(result?.state).toBe("error");
    expect(result?.output).toContain("ended without a ToolResponse");
    expect(bench.events.at(-1)).toMatchObject({ type: "TOOL_RESULT_END", state: "error" });
    expect(ActingErrorCode.NO_TOOL_RESPONSE).toBe("NO_TOOL_RESPONSE");
  });
});
