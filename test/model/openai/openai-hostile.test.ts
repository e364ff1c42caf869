import { describe, expect, it } from "vitest";
import { UserMsg, type Msg } from "../../../src/message/index.js";
import type { OpenAIChatModel } from "../../../src/model/index.js";
import {
  ModelError,
  ModelErrorCode,
  modelErrorInfo,
  type ChatResponse,
} from "../../../src/model/index.js";
import {
  chunk,
  completion,
  toolCallDelta,
  usage,
  usageChunk,
  type ServerReply,
} from "../../harness/openai-server.js";
import { useOpenAIServer } from "./use-openai-server.js";

// Hostile bodies from whatever answers at the base URL, through the real `openai` SDK: each one
// ends in a typed ModelError with the right ErrorInfo.type, never a hang or an untyped throw.

const hi: Msg[] = [new UserMsg({ name: "user", content: "hi" })];
const stop = chunk({}, { finish_reason: "stop" });

const openai = useOpenAIServer("sk-test");
const { model } = openai;

/** Runs one call to the end (draining a stream) and returns the chunks it gave. */
async function run(m: OpenAIChatModel<boolean>): Promise<ChatResponse[]> {
  const result = await m.call(hi);
  if (!(Symbol.asyncIterator in result)) return [result];
  const chunks: ChatResponse[] = [];
  for await (const c of result) chunks.push(c);
  return chunks;
}

/** The typed error a call with `reply` ends in (fails the test for anything else). */
async function failureOf(
  reply: ServerReply,
  stream: boolean,
  extra: Record<string, unknown> = {},
): Promise<ModelError> {
  openai.server.reply(reply);
  try {
    await run(model(stream, extra));
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }
  throw new Error("the call succeeded");
}

const sse = (...events: (object | string)[]): ServerReply => ({ kind: "sse", events });

describe("OpenAIChatModel against hostile streams", () => {
  const malformed: [string, ServerReply][] = [
    ["a line that is not JSON", sse(chunk({ content: "a" }), "not json at all", stop)],
    ["a JSON null chunk", sse("null", stop)],
    ["a JSON number chunk", sse("42", stop)],
    ["choices: [null]", sse({ id: "x", choices: [null] }, stop)],
    ["choices that is not a list", sse({ id: "x", choices: "many" }, stop)],
    ["a delta that is a string", sse({ id: "x", choices: [{ delta: "hi" }] }, stop)],
    ["tool_calls that is not a list", sse(chunk({ tool_calls: { index: 0 } }), stop)],
    ["a tool call that is null", sse(chunk({ tool_calls: [null] }), stop)],
    ["content that is a number", sse(chunk({ content: 5 }), stop)],
    ["reasoning_content that is an object", sse(chunk({ reasoning_content: {} }), stop)],
    [
      "arguments that are an object",
      sse(chunk({ tool_calls: [{ index: 0, id: "c", function: { arguments: {} } }] }), stop),
    ],
    ["a tool call index that is text", sse(chunk({ tool_calls: [{ index: "0" }] }), stop)],
    ["a negative tool call index", sse(chunk({ tool_calls: [{ index: -1 }] }), stop)],
    ["a finish_reason that is a number", sse(chunk({}, { finish_reason: 7 as never }))],
    ["an id that is a number", sse({ id: 7, choices: [] }, stop)],
    ["usage that is a string", sse(stop, usageChunk("lots" as never))],
    ["prompt_tokens that is text", sse(stop, usageChunk({ prompt_tokens: "10" }))],
  ];

  it.each(malformed)("%s is an upstream error naming the field", async (_name, reply) => {
    const error = await failureOf(reply, true);
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(modelErrorInfo(error).type).toBe("upstream");
    expect(error.retryable).toBe(true);
  });

  it("names the bad field of a malformed chunk", async () => {
    const error = await failureOf(sse({ id: "x", choices: [null] }, stop), true);
    expect(error.message).toContain("not the Chat Completions protocol");
    expect(error.message).toContain("choices.0");
  });

  it("a 200 with an HTML page is an upstream error, not an empty stream", async () => {
    const error = await failureOf(
      {
        kind: "raw",
        headers: { "content-type": "text/html" },
        body: "<html><body>Please log in</body></html>",
      },
      true,
    );
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(error.message).toContain("text/html");
  });

  it("an event stream of HTML (no data lines) is an upstream error", async () => {
    const error = await failureOf(
      { kind: "raw", headers: { "content-type": "text/event-stream" }, body: "<html>\n</html>\n" },
      true,
    );
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("a body cut mid-chunk and then ended is an upstream error", async () => {
    const error = await failureOf(
      {
        kind: "raw",
        headers: { "content-type": "text/event-stream" },
        body: [`data: ${JSON.stringify(chunk({ content: "a" }))}\n\n`, 'data: {"id":"x","cho'],
      },
      true,
    );
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("a body cut mid-chunk by a lost connection is a connection error", async () => {
    const error = await failureOf(
      {
        kind: "raw",
        headers: { "content-type": "text/event-stream" },
        body: [`data: ${JSON.stringify(chunk({ content: "a" }))}\n\n`, 'data: {"id":"x","cho'],
        end: "destroy",
      },
      true,
    );
    expect(error.code).toBe(ModelErrorCode.CONNECTION);
    expect(modelErrorInfo(error).type).toBe("connection");
  });

  it("a stream that keeps sending keep-alive comments and never ends hits the silence timeout", async () => {
    const error = await failureOf(
      { kind: "keepalive", events: [chunk({ content: "a" })], beat: ": keep-alive\n\n" },
      true,
      { timeoutMs: 200 },
    );
    expect(error.code).toBe(ModelErrorCode.TIMEOUT);
    expect(modelErrorInfo(error).type).toBe("connection");
  });

  it("a stream that keeps sending empty chunks and never ends hits the total-time bound", async () => {
    const error = await failureOf(
      { kind: "keepalive", beat: `data: ${JSON.stringify(usageChunk(usage(1, 1)))}\n\n` },
      true,
      { timeoutMs: 60_000, totalTimeoutMs: 300 },
    );
    expect(error.code).toBe(ModelErrorCode.TIMEOUT);
    expect(error.message).toContain("did not finish within 300 ms");
    expect(modelErrorInfo(error).type).toBe("connection");
  });

  it("one endless line (no event separator) is an upstream error, not unbounded buffering", async () => {
    const error = await failureOf(
      { kind: "keepalive", beat: "data: " + "x".repeat(64 * 1024) },
      true,
      { maxEventBytes: 1024 * 1024 },
    );
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(error.message).toContain("an event of more than 1048576 bytes");
  });

  it("an endless stream of small chunks is stopped at maxResponseBytes", async () => {
    const error = await failureOf(
      {
        kind: "keepalive",
        beat: `data: ${JSON.stringify(chunk({ content: "x" }))}\n\n`.repeat(100),
      },
      true,
      { maxResponseBytes: 256 * 1024 },
    );
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(error.message).toContain("more than 262144 bytes in one response");
  });

  it("a huge argument string within the bounds arrives whole", async () => {
    const args = JSON.stringify({ content: "é".repeat(512 * 1024) });
    openai.server.reply(
      sse(
        toolCallDelta(0, args.slice(0, 10), { id: "c1", name: "Write" }),
        toolCallDelta(0, args.slice(10)),
        chunk({}, { finish_reason: "tool_calls" }),
      ),
    );
    const chunks = await run(model(true));
    const last = chunks.at(-1);
    expect(last?.content[0]).toMatchObject({ type: "tool_call", id: "c1", input: args });
  });

  it("a huge argument string past maxEventBytes is an upstream error", async () => {
    const args = "x".repeat(2 * 1024 * 1024);
    const error = await failureOf(
      sse(toolCallDelta(0, args, { id: "c1", name: "Write" }), stop),
      true,
      { maxEventBytes: 1024 * 1024 },
    );
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("absurd token counts stay safe integers", async () => {
    openai.server.reply(sse(chunk({ content: "a" }), stop, usageChunk({ prompt_tokens: 1e300 })));
    const last = (await run(model(true))).at(-1);
    expect(last?.usage?.input_tokens).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("OpenAIChatModel against hostile completions (no streaming)", () => {
  const malformed: [string, unknown][] = [
    ["a JSON null body", null],
    ["a JSON string body", "hello"],
    ["an empty object", {}],
    ["choices: [null]", { choices: [null] }],
    ["a message that is null", { choices: [{ message: null }] }],
    ["content that is a number", { choices: [{ message: { content: 1 } }] }],
    [
      "a tool call without an id",
      { choices: [{ message: { tool_calls: [{ function: { name: "f", arguments: "{}" } }] } }] },
    ],
    [
      "arguments that are an object",
      {
        choices: [
          { message: { tool_calls: [{ id: "c", function: { name: "f", arguments: {} } }] } },
        ],
      },
    ],
    ["usage that is a list", { ...completion({ content: "a" }), usage: [1] }],
  ];

  it.each(malformed)("%s is an upstream error", async (_name, body) => {
    const error = await failureOf({ kind: "json", body }, false);
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("a 200 with an HTML page is an upstream error quoting it", async () => {
    const error = await failureOf(
      { kind: "raw", headers: { "content-type": "text/html" }, body: "<h1>Bad Gateway</h1>" },
      false,
    );
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
    expect(error.message).toContain("text/html");
    expect(error.message).toContain("Bad Gateway");
  });

  it("a JSON body that is not JSON is an upstream error", async () => {
    const error = await failureOf(
      { kind: "raw", headers: { "content-type": "application/json" }, body: "<html>" },
      false,
    );
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("a JSON body cut short and ended is an upstream error", async () => {
    const text = JSON.stringify(completion({ content: "hello" }));
    const error = await failureOf(
      { kind: "raw", headers: { "content-type": "application/json" }, body: text.slice(0, 30) },
      false,
    );
    expect(modelErrorInfo(error).type).toBe("upstream");
  });

  it("a JSON body cut short by a lost connection is a connection error", async () => {
    const text = JSON.stringify(completion({ content: "hello" }));
    const error = await failureOf(
      {
        kind: "raw",
        headers: { "content-type": "application/json" },
        body: text.slice(0, 30),
        end: "destroy",
      },
      false,
    );
    expect(modelErrorInfo(error).type).toBe("connection");
  });

  it("a body past maxResponseBytes is an upstream error", async () => {
    const error = await failureOf(
      { kind: "json", body: completion({ content: "x".repeat(300 * 1024) }) },
      false,
      { maxResponseBytes: 256 * 1024 },
    );
    expect(error.code).toBe(ModelErrorCode.UPSTREAM);
  });
});
