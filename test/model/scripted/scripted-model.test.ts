import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../../../src/errors/index.js";
import { UserMsg, type Msg } from "../../../src/message/index.js";
import {
  ModelError,
  ModelErrorCode,
  ResponseAccumulator,
  ScriptExhaustedError,
  ScriptedModel,
  estimateTokens,
  type ChatResponse,
  type Sleep,
  type ToolSchema,
} from "../../../src/model/index.js";

const hi: Msg[] = [new UserMsg({ name: "user", content: "hi" })];

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A sleep that never resolves by itself: only an abort ends it (no real time passes). */
const sleepUntilAborted: Sleep = (_ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted === true) resolve();
    signal?.addEventListener("abort", () => {
      resolve();
    });
  });

const weatherTool: ToolSchema = {
  type: "function",
  function: { name: "get_weather", description: "Weather", parameters: { type: "object" } },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ScriptedModel streaming contract (spec §3.6)", () => {
  it("streams text as several deltas, then one is_last chunk with the accumulated content", async () => {
    const model = new ScriptedModel({ responses: ["Hello, streaming world!"], chunkSize: 5 });
    const chunks = await collect(await model.call(hi));

    const deltas = chunks.filter((c) => !c.is_last);
    const last = chunks.at(-1)!;
    expect(deltas.length).toBeGreaterThan(1);
    expect(chunks.filter((c) => c.is_last)).toHaveLength(1);
    expect(last.is_last).toBe(true);
    expect(
      deltas.map((c) => (c.content[0]?.type === "text" ? c.content[0].text : "")).join(""),
    ).toBe("Hello, streaming world!");
    expect(last.content).toHaveLength(1);
    expect(last.content[0]).toMatchObject({ type: "text", text: "Hello, streaming world!" });
    // Deltas carry the final block's id, so accumulating by id rebuilds the final content.
    expect(new Set(deltas.map((c) => c.content[0]?.id))).toEqual(new Set([last.content[0]?.id]));
    expect(deltas.every((c) => c.usage === null)).toBe(true);
    expect(last.finished_reason).toBe("completed");
  });

  it("streams thinking, text, then each tool call's JSON in deltas, in that order", async () => {
    const model = new ScriptedModel({
      chunkSize: 6,
      responses: [
        {
          thinking: "I should check the weather.",
          text: "Checking.",
          toolCalls: [
            { id: "call-1", name: "get_weather", input: { city: "Hangzhou" } },
            { id: "call-2", name: "get_weather", input: { city: "Paris" } },
          ],
        },
      ],
    });
    const chunks = await collect(await model.call(hi, { tools: [weatherTool] }));
    const deltas = chunks.filter((c) => !c.is_last);
    const kinds = deltas.map((c) => {
      const block = c.content[0]!;
      return block.type === "tool_call" ? `tool_call:${block.id}` : block.type;
    });
    // Grouped, never interleaved: all thinking, all text, call 1, call 2.
    const order = kinds.filter((k, i) => i === 0 || kinds[i - 1] !== k);
    expect(order).toEqual(["thinking", "text", "tool_call:call-1", "tool_call:call-2"]);
    expect(kinds.filter((k) => k === "tool_call:call-1").length).toBeGreaterThan(1);

    const accumulator = new ResponseAccumulator();
    for (const delta of deltas) accumulator.add(delta);
    const rebuilt = accumulator.build();
    const last = chunks.at(-1)!;
    expect(rebuilt.content).toEqual(last.content);
    expect(last.content.map((b) => b.type)).toEqual(["thinking", "text", "tool_call", "tool_call"]);
    expect(last.content[2]).toMatchObject({
      type: "tool_call",
      id: "call-1",
      name: "get_weather",
      input: '{"city":"Hangzhou"}',
      state: "pending",
    });
  });

  it("keeps a raw (malformed) JSON string input exactly as scripted", async () => {
    const model = new ScriptedModel({
      responses: [{ toolCalls: [{ name: "get_weather", input: '{"city": "Hang' }] }],
      stream: false,
    });
    const res = await model.call(hi);
    expect(res.content[0]).toMatchObject({ type: "tool_call", input: '{"city": "Hang' });
    expect(res.content[0]?.id).toEqual(expect.any(String));
  });

  it("puts tool calls only in the final chunk with streamToolCalls: false (spec §11 behaviour 95)", async () => {
    const model = new ScriptedModel({
      responses: [
        {
          text: "ok",
          toolCalls: [{ id: "c1", name: "get_weather", input: {} }],
          streamToolCalls: false,
        },
      ],
    });
    const chunks = await collect(await model.call(hi, { tools: [weatherTool] }));
    expect(chunks.filter((c) => !c.is_last).flatMap((c) => c.content.map((b) => b.type))).toEqual([
      "text",
    ]);
    expect(chunks.at(-1)!.content.map((b) => b.type)).toEqual(["text", "tool_call"]);
  });

  it("streams data blocks whole and keeps them in the final content", async () => {
    const model = new ScriptedModel({
      responses: [
        { data: [{ source: { type: "base64", data: "aGVsbG8=", media_type: "image/png" } }] },
      ],
    });
    const chunks = await collect(await model.call(hi));
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.content[0]).toMatchObject({ type: "data", source: { data: "aGVsbG8=" } });
    expect(chunks[1]!.content[0]).toMatchObject({
      type: "data",
      source: { media_type: "image/png" },
    });
  });

  it("returns one is_last response when stream is false", async () => {
    const model = new ScriptedModel({ responses: ["Hello"], stream: false });
    const res = await model.call(hi);
    expect(res.is_last).toBe(true);
    expect(res.content).toEqual([expect.objectContaining({ type: "text", text: "Hello" })]);
  });
});

describe("ScriptedModel scripts", () => {
  it("plays turns in order and fails with a typed error when they run out", async () => {
    const model = new ScriptedModel({ responses: ["one", "two"], stream: false });
    expect((await model.call(hi)).content[0]).toMatchObject({ text: "one" });
    expect(model.remainingTurns).toBe(1);
    expect((await model.call(hi)).content[0]).toMatchObject({ text: "two" });
    const error = await model.call(hi).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptExhaustedError);
    expect(error).toMatchObject({
      code: ModelErrorCode.SCRIPT_EXHAUSTED,
      turns: 2,
      errorType: "setup",
    });
    expect((error as Error).message).toContain('"scripted-model"');
  });

  it("asks a function for each turn, with the messages, tools and call info", async () => {
    const responder = vi.fn(
      (messages: readonly Msg[], tools: readonly ToolSchema[] | undefined) => {
        return `You said: ${messages.at(-1)?.getTextContent() ?? ""} (${tools?.length ?? 0} tools)`;
      },
    );
    const model = new ScriptedModel({ responses: responder, stream: false });
    const res = await model.call(hi, { tools: [weatherTool], toolChoice: "auto" });
    expect(res.content[0]).toMatchObject({ text: "You said: hi (1 tools)" });
    expect(responder).toHaveBeenCalledWith(hi, [weatherTool], {
      index: 0,
      toolChoice: "auto",
      signal: undefined,
    });
    expect(model.remainingTurns).toBe(Infinity);
  });

  it("throws an Error turn as is (injected failures)", async () => {
    const failure = new ModelError(ModelErrorCode.RATE_LIMITED, "slow down");
    const model = new ScriptedModel({ responses: [failure, "recovered"], stream: false });
    await expect(model.call(hi)).rejects.toBe(failure);
    expect((await model.call(hi)).content[0]).toMatchObject({ text: "recovered" });
  });

  it("fails mid-stream after the scripted number of chunks", async () => {
    const model = new ScriptedModel({
      chunkSize: 2,
      responses: [
        { text: "abcdefgh", fail: { error: new Error("connection lost"), afterChunks: 2 } },
      ],
    });
    const received: ChatResponse[] = [];
    const stream = await model.call(hi);
    await expect(
      (async () => {
        for await (const chunk of stream) received.push(chunk);
      })(),
    ).rejects.toThrow("connection lost");
    expect(received.map((c) => c.content[0]?.type === "text" && c.content[0].text)).toEqual([
      "ab",
      "cd",
    ]);
  });

  it("rejects a malformed script with a ValidationError naming the field", () => {
    expect(() => new ScriptedModel({ responses: [{ tool_calls: [] } as never] })).toThrow(
      ValidationError,
    );
    expect(() => new ScriptedModel({ responses: ["x"], chunkSize: 0 })).toThrow(/chunkSize/);
  });

  it("validates turns returned by a function", async () => {
    const model = new ScriptedModel({ responses: () => ({ toolCalls: [{ input: {} }] }) as never });
    await expect(model.call(hi)).rejects.toBeInstanceOf(ValidationError);
  });

  it("records calls only when asked to", async () => {
    const quiet = new ScriptedModel({ responses: ["a"], stream: false });
    await quiet.call(hi);
    expect(quiet.calls).toEqual([]);
    expect(quiet.callCount).toBe(1);

    const recording = new ScriptedModel({ responses: ["a"], stream: false, recordCalls: true });
    await recording.call(hi, { tools: [weatherTool], toolChoice: "get_weather" });
    expect(recording.calls).toEqual([
      { messages: hi, tools: [weatherTool], toolChoice: "get_weather" },
    ]);
    expect(recording.calls[0]!.messages).toBe(hi);
  });

  it("refuses a tool choice naming a tool that was not given", async () => {
    const model = new ScriptedModel({ responses: ["a"] });
    const error = await model
      .call(hi, { tools: [weatherTool], toolChoice: "nope" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: ModelErrorCode.INVALID_REQUEST,
      errorType: "invalid_request",
    });
    expect((error as Error).message).toBe(
      "Invalid tool name 'nope' in toolChoice. Available tools: get_weather",
    );
    expect(model.callCount).toBe(0);
  });
});

describe("ScriptedModel usage", () => {
  it("estimates usage with countTokens (spec §8.1) when not scripted", async () => {
    const model = new ScriptedModel({ responses: ["b".repeat(40)], stream: false });
    const input = [new UserMsg({ name: "user", content: "a".repeat(400) })];
    const res = await model.call(input);
    expect(res.usage).toEqual({
      input_tokens: 100,
      output_tokens: 10,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
      time: 0,
    });
    expect(await model.countTokens(input)).toBe(estimateTokens(input));
  });

  it("reports scripted usage figures, estimating only what is left out", async () => {
    const model = new ScriptedModel({
      responses: [{ text: "abcd", usage: { input_tokens: 7, cache_input_tokens: 3 } }],
    });
    const chunks = await collect(await model.call(hi));
    expect(chunks.at(-1)!.usage).toEqual({
      input_tokens: 7,
      output_tokens: 1,
      cache_input_tokens: 3,
      cache_creation_input_tokens: 0,
      time: 0,
    });
  });
});

describe("ScriptedModel interruption (spec §3.6: an aborted call ends interrupted)", () => {
  it("answers an already aborted call with an empty interrupted response and keeps the turn", async () => {
    const model = new ScriptedModel({ responses: ["kept"], stream: false });
    const controller = new AbortController();
    controller.abort();
    const res = await model.call(hi, { signal: controller.signal });
    expect(res).toMatchObject({ content: [], is_last: true, finished_reason: "interrupted" });
    expect((await model.call(hi)).content[0]).toMatchObject({ text: "kept" });
  });

  it("ends a call waiting out its latency as soon as the signal aborts", async () => {
    const model = new ScriptedModel({
      responses: ["never"],
      latencyMs: 60_000,
      sleep: sleepUntilAborted,
    });
    const controller = new AbortController();
    const pending = model.call(hi, { signal: controller.signal });
    controller.abort();
    const chunks = await collect(await pending);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ content: [], is_last: true, finished_reason: "interrupted" });
  });

  it("ends an aborted stream with the content delivered so far, interrupted", async () => {
    const model = new ScriptedModel({ responses: ["abcdefghij"], chunkSize: 2 });
    const controller = new AbortController();
    const chunks: ChatResponse[] = [];
    for await (const chunk of await model.call(hi, { signal: controller.signal })) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks).toHaveLength(3);
    const last = chunks[2]!;
    expect(last).toMatchObject({ is_last: true, finished_reason: "interrupted" });
    expect(last.content).toEqual([expect.objectContaining({ type: "text", text: "abcd" })]);
    expect(last.usage?.output_tokens).toBe(1);
  });

  it("stops waiting between chunks when aborted during chunk latency", async () => {
    const model = new ScriptedModel({
      responses: ["abcdef"],
      chunkSize: 2,
      chunkLatencyMs: 60_000,
      sleep: sleepUntilAborted,
    });
    const controller = new AbortController();
    const iterator = (await model.call(hi, { signal: controller.signal }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ is_last: false });
    const waiting = iterator.next();
    controller.abort();
    expect((await waiting).value).toMatchObject({ is_last: true, finished_reason: "interrupted" });
    expect((await iterator.next()).done).toBe(true);
  });

  it("waits through an injected sleep, and sets no timers when latency is 0", async () => {
    const sleep = vi.fn<Sleep>(() => Promise.resolve());
    const slow = new ScriptedModel({
      responses: ["ab"],
      latencyMs: 250,
      chunkLatencyMs: 10,
      sleep,
    });
    const chunks = await collect(await slow.call(hi));
    expect(sleep).toHaveBeenCalledWith(250, undefined);
    expect(chunks.at(-1)!.usage?.time).toBe(0.25);

    const timers = vi.spyOn(globalThis, "setTimeout");
    const fast = new ScriptedModel({ responses: ["a".repeat(64)] });
    await collect(await fast.call(hi));
    expect(timers).not.toHaveBeenCalled();
  });
});
