import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssistantMsg, SystemMsg, UserMsg, type Msg } from "../../../src/message/index.js";
import {
  DeepSeekCredential,
  ModelError,
  ModelErrorCode,
  ModelRateLimitError,
  OllamaCredential,
  OpenAIChatModel,
  OpenAICredential,
  ResponseAccumulator,
  modelErrorInfo,
  type ChatResponse,
  type ToolSchema,
} from "../../../src/model/index.js";
import {
  chunk,
  completion,
  startOpenAIServer,
  textStream,
  toolCallDelta,
  usage,
  usageChunk,
} from "../../harness/openai-server.js";
import { useOpenAIServer } from "./use-openai-server.js";

const KEY = "sk-test-SECRET-key-0123456789";
const hi: Msg[] = [new UserMsg({ name: "user", content: "hi" })];
const tools: ToolSchema[] = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Get the weather",
      parameters: { type: "object", properties: { city: { type: "string" } } },
    },
  },
  {
    type: "function",
    function: { name: "get_time", description: "Get the time", parameters: { type: "object" } },
  },
];

const openai = useOpenAIServer(KEY);
const { model, warnings } = openai;

async function collect(
  result: ChatResponse | AsyncIterable<ChatResponse>,
): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const c of result as AsyncIterable<ChatResponse>) chunks.push(c);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("OpenAIChatModel without streaming", () => {
  it("returns the server's text, reasoning and usage with cached tokens, from what it was sent", async () => {
    openai.server.reply({
      kind: "json",
      body: completion(
        { content: "Hello!", reasoning_content: "The user greets me." },
        { usage: usage(12, 5, 4), id: "chatcmpl-42" },
      ),
    });
    const res = (await model(false, { parameters: { temperature: 0.2, max_tokens: 64 } }).call([
      new SystemMsg({ name: "system", content: "Be brief." }),
      ...hi,
    ])) as ChatResponse;

    expect(res).toMatchObject({ id: "chatcmpl-42", is_last: true, finished_reason: "completed" });
    expect(res.content.map((b) => b.type)).toEqual(["thinking", "text"]);
    expect(res.content[0]).toMatchObject({ thinking: "The user greets me." });
    expect(res.content[1]).toMatchObject({ text: "Hello!" });
    expect(res.usage).toMatchObject({
      input_tokens: 12,
      output_tokens: 5,
      cache_input_tokens: 4,
      cache_creation_input_tokens: 0,
    });
    expect(res.metadata).toEqual({ finish_reason: "stop" });

    const request = openai.server.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toEqual({
      model: "test-model",
      stream: false,
      temperature: 0.2,
      max_tokens: 64,
      messages: [
        { role: "system", name: "system", content: "Be brief." },
        { role: "user", name: "user", content: "hi" },
      ],
    });
  });

  it("returns tool calls, and sends tools, tool_choice and parallel_tool_calls", async () => {
    openai.server.reply({
      kind: "json",
      body: completion({
        content: null,
        tool_calls: [
          { id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "call_b", name: "get_time", arguments: "{}" },
        ],
      }),
    });
    const m = model(false, { parameters: { parallel_tool_calls: false } });
    const res = (await m.call(hi, { tools, toolChoice: "required" })) as ChatResponse;
    expect(res.content).toEqual([
      expect.objectContaining({
        type: "tool_call",
        id: "call_a",
        name: "get_weather",
        input: '{"city":"Paris"}',
      }),
      expect.objectContaining({ type: "tool_call", id: "call_b", name: "get_time", input: "{}" }),
    ]);
    expect(openai.server.requests[0]!.body).toMatchObject({
      tools,
      tool_choice: "required",
      parallel_tool_calls: false,
    });

    openai.server.reply({ kind: "json", body: completion({ content: "ok" }) });
    await m.call(hi, { tools, toolChoice: "get_time" });
    expect(openai.server.requests[1]!.body["tool_choice"]).toEqual({
      type: "function",
      function: { name: "get_time" },
    });

    openai.server.reply({ kind: "json", body: completion({ content: "ok" }) });
    await m.call(hi);
    expect(openai.server.requests[2]!.body).not.toHaveProperty("parallel_tool_calls");
    expect(openai.server.requests[2]!.body).not.toHaveProperty("tools");
  });

  it("sends a tool sequence and an image in OpenAI's shapes", async () => {
    openai.server.reply({ kind: "json", body: completion({ content: "A cat." }) });
    const history: Msg[] = [
      new UserMsg({
        name: "user",
        content: [
          { type: "text", text: "What is this?" },
          {
            type: "data",
            source: { type: "base64", data: "iVBORw0KGgo=", media_type: "image/png" },
          },
        ],
      }),
      new AssistantMsg({
        name: "agent",
        content: [
          { type: "thinking", thinking: "Look it up." },
          { type: "tool_call", id: "c1", name: "get_weather", input: '{"city":"Oslo"}' },
          { type: "tool_result", id: "c1", name: "get_weather", output: "sunny", state: "success" },
        ],
      }),
    ];
    await model(false).call(history, { tools });
    expect(openai.server.requests[0]!.body["messages"]).toEqual([
      {
        role: "user",
        name: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      },
      {
        role: "assistant",
        name: "agent",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "sunny" },
    ]);
  });

  it("does not retry: a 500 is one request and a retryable upstream error", async () => {
    openai.server.reply({ kind: "error", status: 500, message: "boom", type: "server_error" });
    const error = await failure(model(false).call(hi));
    expect(error).toMatchObject({
      code: ModelErrorCode.UPSTREAM,
      status: 500,
      retryable: true,
      errorType: "upstream",
    });
    expect(openai.server.requests).toHaveLength(1);
  });

  it("maps a 400 to an invalid request", async () => {
    openai.server.reply({ kind: "error", status: 400, message: "bad messages" });
    const error = await failure(model(false).call(hi));
    expect(error).toMatchObject({
      code: ModelErrorCode.INVALID_REQUEST,
      status: 400,
      retryable: false,
    });
    expect(error.message).toContain("bad messages");
  });
});

describe("OpenAIChatModel streaming", () => {
  it("streams text deltas, then one is_last chunk with the whole text and the usage of the last chunk", async () => {
    openai.server.reply({
      kind: "sse",
      events: textStream(["Hel", "lo", " there"], { usage: usage(9, 3, 2) }),
    });
    const chunks = await collect(await model(true).call(hi));

    const deltas = chunks.filter((c) => !c.is_last);
    expect(
      deltas.map((c) => c.content.map((b) => (b.type === "text" ? b.text : "?")).join("")),
    ).toEqual(["Hel", "lo", " there"]);
    const last = chunks.at(-1)!;
    expect(chunks.filter((c) => c.is_last)).toEqual([last]);
    expect(last.content).toEqual([expect.objectContaining({ type: "text", text: "Hello there" })]);
    expect(last.content[0]!.id).toBe(deltas[0]!.content[0]!.id);
    expect(last.usage).toMatchObject({ input_tokens: 9, output_tokens: 3, cache_input_tokens: 2 });
    expect(last.finished_reason).toBe("completed");
    expect(openai.server.requests[0]!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("streams reasoning_content as thinking deltas (DeepSeek/Qwen style)", async () => {
    openai.server.reply({
      kind: "sse",
      events: textStream(["42"], { reasoning: ["Let me ", "think."] }),
    });
    const chunks = await collect(await model(true).call(hi));
    expect(chunks.slice(0, 2).map((c) => c.content[0])).toEqual([
      expect.objectContaining({ type: "thinking", thinking: "Let me " }),
      expect.objectContaining({ type: "thinking", thinking: "think." }),
    ]);
    expect(chunks.at(-1)!.content).toEqual([
      expect.objectContaining({ type: "thinking", thinking: "Let me think." }),
      expect.objectContaining({ type: "text", text: "42" }),
    ]);
  });

  it("gives a fresh id to a tool call whose id is empty or taken by another call of the response", async () => {
    openai.server.reply({
      kind: "json",
      body: completion({
        content: null,
        tool_calls: [
          { id: "call_0", name: "get_weather", arguments: "{}" },
          { id: "call_0", name: "get_time", arguments: "{}" },
          { id: "", name: "get_time", arguments: "{}" },
        ],
      }),
    });
    openai.server.reply({
      kind: "sse",
      events: [
        toolCallDelta(0, "{}", { id: "same", name: "get_weather" }),
        toolCallDelta(1, "{}", { id: "same", name: "get_time" }),
        chunk({}, { finish_reason: "tool_calls" }),
      ],
    });
    const res = (await model(false).call(hi, { tools })) as ChatResponse;
    const ids = res.content.map((b) => b.id);
    expect(ids[0]).toBe("call_0");
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id !== "")).toBe(true);
    const last = (await collect(await model(true).call(hi, { tools }))).at(-1)!;
    const streamed = last.content.map((b) => b.id);
    expect(streamed[0]).toBe("same");
    expect(new Set(streamed).size).toBe(2);
  });

  it("gives a fresh id to a tool call reusing the id of a call already in the conversation", async () => {
    const earlier = new AssistantMsg({
      name: "bot",
      content: [
        { type: "tool_call", id: "call_0", name: "get_time", input: "{}", state: "finished" },
        { type: "tool_result", id: "call_0", name: "get_time", output: "noon", state: "success" },
      ],
    });
    openai.server.reply({
      kind: "sse",
      events: [
        toolCallDelta(0, "{}", { id: "call_0", name: "get_weather" }),
        chunk({}, { finish_reason: "tool_calls" }),
      ],
    });
    const last = (await collect(await model(true).call([...hi, earlier], { tools }))).at(-1)!;
    expect(last.content).toHaveLength(1);
    expect(last.content[0]!.id).not.toBe("call_0");
  });

  it("streams argument deltas of two parallel tool calls under their own ids", async () => {
    openai.server.reply({
      kind: "sse",
      events: [
        chunk({ role: "assistant", content: null }),
        toolCallDelta(0, "", { id: "call_w", name: "get_weather" }),
        toolCallDelta(0, '{"ci'),
        toolCallDelta(0, 'ty":"Paris"}'),
        toolCallDelta(1, "", { id: "call_t", name: "get_time" }),
        toolCallDelta(1, '{"tz":'),
        toolCallDelta(1, '"UTC"}'),
        chunk({}, { finish_reason: "tool_calls" }),
        usageChunk(usage(20, 11)),
      ],
    });
    const chunks = await collect(await model(true).call(hi, { tools }));
    const deltas = chunks.filter((c) => !c.is_last).map((c) => c.content[0]!);
    expect(deltas).toEqual([
      expect.objectContaining({ type: "tool_call", id: "call_w", name: "get_weather", input: "" }),
      expect.objectContaining({ id: "call_w", name: "get_weather", input: '{"ci' }),
      expect.objectContaining({ id: "call_w", input: 'ty":"Paris"}' }),
      expect.objectContaining({ id: "call_t", name: "get_time", input: "" }),
      expect.objectContaining({ id: "call_t", input: '{"tz":' }),
      expect.objectContaining({ id: "call_t", input: '"UTC"}' }),
    ]);
    const last = chunks.at(-1)!;
    expect(last.content).toEqual([
      expect.objectContaining({
        type: "tool_call",
        id: "call_w",
        name: "get_weather",
        input: '{"city":"Paris"}',
      }),
      expect.objectContaining({
        type: "tool_call",
        id: "call_t",
        name: "get_time",
        input: '{"tz":"UTC"}',
      }),
    ]);
    expect(last.metadata).toEqual({ finish_reason: "tool_calls" });
    expect(last.usage).toMatchObject({ input_tokens: 20, output_tokens: 11 });

    // Accumulating the deltas gives the final content.
    const accumulator = new ResponseAccumulator();
    for (const c of chunks.filter((x) => !x.is_last)) accumulator.add(c);
    expect(accumulator.build().content.map((b) => b.type === "tool_call" && b.input)).toEqual([
      '{"city":"Paris"}',
      '{"tz":"UTC"}',
    ]);
  });

  it("turns a connection dropped mid-stream into a typed connection error after the deltas", async () => {
    openai.server.reply({
      kind: "drop",
      events: [chunk({ content: "Hel" }), chunk({ content: "lo" })],
    });
    const received: ChatResponse[] = [];
    const stream = await model(true).call(hi);
    const error = await failure(
      (async () => {
        for await (const c of stream as AsyncIterable<ChatResponse>) received.push(c);
      })(),
    );
    expect(error).toMatchObject({
      code: ModelErrorCode.CONNECTION,
      errorType: "connection",
      retryable: true,
    });
    expect(received.map((c) => c.content[0]?.type === "text" && c.content[0].text)).toEqual([
      "Hel",
      "lo",
    ]);
  });

  it("turns a stream the server ends in good order before the model finished into an upstream error", async () => {
    // The connection did not break (that is a connection error, above): the body was not a
    // finished answer, which is the provider's fault, not the network's.
    openai.server.reply({ kind: "sse", events: [chunk({ content: "Hel" })], done: false });
    const error = await failure(collect(await model(true).call(hi)));
    expect(error).toMatchObject({ code: ModelErrorCode.UPSTREAM, errorType: "upstream" });
    expect(error.message).toContain("ended before the model finished");
  });

  it("turns a malformed chunk into a typed upstream error", async () => {
    openai.server.reply({
      kind: "sse",
      events: [
        chunk({ content: "ok" }),
        '{"id": "x", "choices": [',
        chunk({}, { finish_reason: "stop" }),
      ],
    });
    const error = await failure(collect(await model(true).call(hi)));
    expect(error).toMatchObject({ code: ModelErrorCode.UPSTREAM, errorType: "upstream" });
    expect(error.message).toContain("malformed");
  });

  it("turns an error event inside the stream into a typed upstream error", async () => {
    openai.server.reply({
      kind: "sse",
      events: [
        chunk({ content: "ok" }),
        { error: { message: "overloaded", type: "server_error" } },
      ],
    });
    const error = await failure(collect(await model(true).call(hi)));
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(error.message).toContain("overloaded");
  });
});

describe("OpenAIChatModel faults", () => {
  it("surfaces a 429 as a rate-limit error with its retry-after, then succeeds on the next call", async () => {
    openai.server.reply(
      {
        kind: "error",
        status: 429,
        message: "Rate limit reached",
        type: "rate_limit_error",
        headers: { "retry-after": "2" },
      },
      { kind: "sse", events: textStream(["fine"]) },
    );
    const m = model(true);
    const error = await failure(m.call(hi));
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect(error).toMatchObject({
      code: ModelErrorCode.RATE_LIMITED,
      errorType: "rate_limit",
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(openai.server.requests).toHaveLength(1); // the SDK's own retries are off

    const chunks = await collect(await m.call(hi));
    expect(chunks.at(-1)!.content).toEqual([expect.objectContaining({ text: "fine" })]);
    expect(openai.server.requests).toHaveLength(2);
  });

  it("surfaces a 401 as an authentication error without ever showing the key", async () => {
    openai.server.reply({
      kind: "error",
      status: 401,
      message: `Incorrect API key provided: ${KEY}.`,
      type: "invalid_request_error",
      code: "invalid_api_key",
    });
    const error = await failure(model(false).call(hi));
    expect(error).toMatchObject({
      code: ModelErrorCode.AUTHENTICATION,
      errorType: "authentication",
      retryable: false,
    });
    expect(modelErrorInfo(error).type).toBe("authentication");
    const shown = [
      error.message,
      JSON.stringify(error.data),
      inspect(error, { depth: Infinity, showHidden: true }),
      warnings.join("\n"),
    ].join("\n");
    expect(shown).toContain("Incorrect API key provided: **********");
    expect(shown).not.toContain(KEY);
  });

  it("ends a call to a server that never answers when the signal aborts: interrupted, no hang", async () => {
    // Each abort happens once the server holds the request.
    const controller = new AbortController();
    const streaming = new AbortController();
    openai.server.reply(
      () => {
        controller.abort();
        return { kind: "hang" };
      },
      () => {
        streaming.abort();
        return { kind: "hang" };
      },
    );
    const pending = model(false).call(hi, { signal: controller.signal });
    expect(await pending).toMatchObject({
      content: [],
      is_last: true,
      finished_reason: "interrupted",
    });

    const pendingStream = model(true).call(hi, { signal: streaming.signal });
    const chunks = await collect(await pendingStream);
    expect(chunks).toEqual([
      expect.objectContaining({ is_last: true, finished_reason: "interrupted", content: [] }),
    ]);
  });

  it("ends a call to a server that never answers with a typed timeout", async () => {
    openai.server.reply({ kind: "hang" });
    const error = await failure(model(false, { timeoutMs: 50 }).call(hi));
    expect(error).toMatchObject({
      code: ModelErrorCode.TIMEOUT,
      errorType: "connection",
      retryable: true,
    });
  });

  it("ends a stalled stream on abort with the content received so far, interrupted", async () => {
    openai.server.reply({
      kind: "stall",
      events: [chunk({ content: "partial " }), chunk({ content: "answer" })],
    });
    const controller = new AbortController();
    const chunks: ChatResponse[] = [];
    for await (const c of (await model(true).call(hi, {
      signal: controller.signal,
    })) as AsyncIterable<ChatResponse>) {
      chunks.push(c);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks).toHaveLength(3);
    expect(chunks[2]).toMatchObject({ is_last: true, finished_reason: "interrupted" });
    expect(chunks[2]!.content).toEqual([
      expect.objectContaining({ type: "text", text: "partial answer" }),
    ]);
  });

  it("stops the request when the consumer stops reading early", async () => {
    openai.server.reply({ kind: "stall", events: [chunk({ content: "first" })] });
    for await (const c of (await model(true).call(hi)) as AsyncIterable<ChatResponse>) {
      expect(c.content[0]).toMatchObject({ text: "first" });
      break;
    }
    // The next call on the same server still works: nothing is left hanging.
    openai.server.reply({ kind: "json", body: completion({ content: "next" }) });
    expect(((await model(false).call(hi)) as ChatResponse).content[0]).toMatchObject({
      text: "next",
    });
  });

  it("ends a stalled stream with a typed timeout when no chunk comes in time", async () => {
    openai.server.reply({ kind: "stall", events: [chunk({ content: "partial" })] });
    // The deadline may pass before the headers arrive (then `call` itself fails) or after.
    const error = await failure(
      (async () => collect(await model(true, { timeoutMs: 100 }).call(hi)))(),
    );
    expect(error.code).toBe(ModelErrorCode.TIMEOUT);
  });

  it("turns an unreachable endpoint into a connection error", async () => {
    const closed = await startOpenAIServer();
    const baseURL = closed.baseURL;
    await closed.close();
    const m = new OpenAIChatModel({ model: "m", apiKey: KEY, baseURL, stream: false });
    const error = await failure(m.call(hi));
    expect(error).toMatchObject({ code: ModelErrorCode.CONNECTION, retryable: true });
    expect(error.message).toContain(baseURL);
  });
});

describe("OpenAIChatModel set-up and secrets", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads OPENAI_API_KEY and OPENAI_BASE_URL when given neither", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-env");
    vi.stubEnv("OPENAI_BASE_URL", openai.server.baseURL);
    openai.server.reply({ kind: "json", body: completion({ content: "env" }) });
    const m = new OpenAIChatModel({ model: "m", stream: false });
    expect(m.baseURL).toBe(openai.server.baseURL);
    await m.call(hi);
    expect(openai.server.requests[0]!.headers.authorization).toBe("Bearer sk-from-env");
  });

  it("fails at construction with a typed set-up error when there is no key", () => {
    vi.stubEnv("OPENAI_API_KEY", undefined);
    expect(() => new OpenAIChatModel({ model: "m" })).toThrow(
      expect.objectContaining({ code: ModelErrorCode.SETUP, errorType: "setup" }),
    );
  });

  it("keeps the key out of toJSON and util.inspect", () => {
    const m = model(true);
    const credential = new OpenAICredential({ apiKey: KEY, baseURL: openai.server.baseURL });
    const viaCredential = credential.createChatModel({ model: "m" });
    for (const value of [m, viaCredential, credential, credential.apiKey]) {
      expect(JSON.stringify(value)).not.toContain(KEY);
      expect(inspect(value, { depth: Infinity, showHidden: true, getters: true })).not.toContain(
        KEY,
      );
    }
    expect(JSON.parse(JSON.stringify(m))).toMatchObject({
      model: "test-model",
      baseURL: openai.server.baseURL,
    });
  });

  it("uses a credential's endpoint and key, and its provider's formatting (DeepSeek)", async () => {
    const credential = new DeepSeekCredential({ apiKey: KEY, baseURL: openai.server.baseURL });
    const m = credential.createChatModel({ model: "deepseek-reasoner", stream: false });
    expect(m.supportedInputMediaTypes).toEqual(["text/plain"]);
    openai.server.reply({ kind: "json", body: completion({ content: "ok" }) });
    await m.call([
      ...hi,
      new AssistantMsg({
        name: "agent",
        content: [
          { type: "thinking", thinking: "plan" },
          { type: "tool_call", id: "c1", name: "get_time", input: "{}" },
          { type: "tool_result", id: "c1", name: "get_time", output: "noon", state: "success" },
        ],
      }),
    ]);
    const request = openai.server.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body["messages"]).toEqual([
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: null,
        reasoning_content: "plan",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "get_time", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "noon" },
    ]);
  });

  it("talks to a server that takes no key through an Ollama credential", async () => {
    vi.stubEnv("OPENAI_API_KEY", undefined);
    const credential = new OllamaCredential({ baseURL: openai.server.baseURL });
    expect(credential.apiKey).toBeNull();
    openai.server.reply({ kind: "json", body: completion({ content: "local" }) });
    const res = await credential.createChatModel({ model: "llama3.3", stream: false }).call(hi);
    expect(res.content[0]).toMatchObject({ text: "local" });
  });
});
