import { describe, expect, it } from "vitest";
import {
  AgentState,
  ChatModelBase,
  ModelError,
  ModelErrorCode,
  ScriptedModel,
  type Agent,
  type AgentEvent,
  type AgentMiddleware,
  type ChatCallResult,
  type ChatResponse,
} from "../../../src/index.js";
import { EMPTY_STREAM_MESSAGE } from "../../../src/model/index.js";
import { makeAgent, user } from "./agent-fixture.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

useQuietLogger();

/** A model whose `call` resolves (or rejects) with whatever `answer` gives, unchecked. */
class RawModel extends ChatModelBase {
  readonly model = "raw";
  readonly contextSize = 32_768;
  readonly supportedInputMediaTypes = ["image/*"];
  calls = 0;
  constructor(
    readonly stream: boolean,
    private readonly answer: (attempt: number) => unknown,
  ) {
    super();
  }
  call(): Promise<ChatCallResult<boolean>> {
    const attempt = this.calls++;
    return Promise.resolve().then(() => this.answer(attempt) as ChatCallResult<boolean>);
  }
}

const chunk = (text: string, isLast = false): ChatResponse => ({
  id: "r",
  created_at: "2025-01-01T00:00:00.000Z",
  content: [
    { type: "text", text, id: "t", created_at: "2025-01-01T00:00:00.000Z", finished_at: null },
  ],
  is_last: isLast,
  usage: null,
  finished_reason: "completed",
  metadata: {},
});

async function* streamOf(...items: unknown[]): AsyncGenerator {
  for (const item of items) {
    await Promise.resolve();
    if (item instanceof Error) throw item;
    yield item;
  }
}

/** The reply's rejection, and the events the agent emitted meanwhile. */
async function failure(agent: Agent): Promise<{ error: unknown; events: AgentEvent[] }> {
  const events: AgentEvent[] = [];
  const sub = agent.events$.subscribe((e) => events.push(e));
  const error: unknown = await agent.reply(user("go")).then(
    () => null,
    (e: unknown) => e,
  );
  sub.unsubscribe();
  return { error, events };
}

describe("Agent: errors the runtime raises for a model are typed (issue 10 §2, spec §3.6)", () => {
  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["a string", "hello"],
    ["an object without content", { is_last: true }],
    ["a response whose content is a string", { content: "hi", is_last: true }],
    ["a response without is_last", { content: [] }],
    ["a response with a block that is not an object", { content: [7], is_last: true }],
    [
      "a response with an unknown block type",
      { content: [{ type: "hint", id: "h" }], is_last: true },
    ],
    [
      "a response with a tool call without an id",
      { content: [{ type: "tool_call", name: "f", input: "{}" }], is_last: true },
    ],
  ])("§3.6 a non-streaming call resolving %s is MODEL_INVALID_RESPONSE", async (_label, value) => {
    const agent = makeAgent(new RawModel(false, () => value));
    const { error, events } = await failure(agent);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: ModelErrorCode.INVALID_RESPONSE, model: "raw" });
    expect(events.some((e) => e.type === "REPLY_END")).toBe(false);
  });

  it("a response repeating a tool-call id of the reply is MODEL_INVALID_RESPONSE (the state stays loadable)", async () => {
    const call = (id: string) => ({
      type: "tool_call",
      id,
      name: "missing_tool",
      input: "{}",
      state: "pending",
      suggested_rules: [],
      created_at: "2025-01-01T00:00:00.000Z",
      finished_at: null,
    });
    const response = (content: unknown[]) => ({ ...chunk("x", true), content });
    // Within one response, and across two steps of one reply (some servers send call_0 each time).
    for (const answers of [
      [response([call("c"), call("c")])],
      [response([call("call_0")]), response([call("call_0")])],
    ]) {
      const agent = makeAgent(new RawModel(false, (attempt) => answers[attempt]));
      const { error } = await failure(agent);
      expect(error).toMatchObject({ code: ModelErrorCode.INVALID_RESPONSE });
      expect((error as Error).message).toContain("which another tool call of the reply");
      expect(() => AgentState.fromJSON(JSON.parse(JSON.stringify(agent.state)))).not.toThrow();
    }
  });

  it.each([
    ["null", null],
    ["a number", 1],
    ["an object without content", { is_last: false }],
    ["a chunk whose block is null", { content: [null], is_last: false }],
  ])("§3.6 a stream yielding %s is MODEL_INVALID_RESPONSE", async (_label, value) => {
    const agent = makeAgent(
      new RawModel(true, () => streamOf(chunk("a"), value, chunk("a", true))),
    );
    const { error } = await failure(agent);
    expect(error).toMatchObject({ code: ModelErrorCode.INVALID_RESPONSE });
  });

  it("§3.6 a stream without an is_last chunk is MODEL_INCOMPLETE_STREAM with the reference's text", async () => {
    const agent = makeAgent(new RawModel(true, () => streamOf(chunk("a"), chunk("b"))));
    const { error, events } = await failure(agent);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      code: ModelErrorCode.INCOMPLETE_STREAM,
      message: EMPTY_STREAM_MESSAGE,
      errorType: "upstream",
    });
    // the open text block was closed before the failure
    expect(events.map((e) => e.type)).toContain("TEXT_BLOCK_END");
  });

  it("§3.6 a stream that throws mid-way is wrapped with the original as its cause", async () => {
    const boom = new Error("socket closed");
    const agent = makeAgent(new RawModel(true, () => streamOf(chunk("a"), boom)));
    const { error } = await failure(agent);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: ModelErrorCode.CALL_FAILED, cause: boom });
    expect((error as Error).message).toContain("socket closed");
  });

  it("§3.6 a typed error thrown mid-stream reaches the caller as it is", async () => {
    const typed = new ModelError(ModelErrorCode.CONNECTION, "dropped", { model: "raw" });
    const agent = makeAgent(new RawModel(true, () => streamOf(chunk("a"), typed)));
    const { error } = await failure(agent);
    expect(error).toBe(typed);
  });

  it("§3.1 an error thrown by the model is wrapped (cause kept); a typed one is kept as it is", async () => {
    const plain = new Error("quota");
    const a = makeAgent(new ScriptedModel({ responses: [plain] }));
    const first = await failure(a);
    expect(first.error).toBeInstanceOf(ModelError);
    expect(first.error).toMatchObject({ code: ModelErrorCode.CALL_FAILED, cause: plain });
    expect((first.error as Error).message).toContain("quota");

    const typed = new ModelError(ModelErrorCode.RATE_LIMITED, "slow down");
    const b = makeAgent(new ScriptedModel({ responses: [typed] }));
    expect((await failure(b)).error).toBe(typed);
  });

  it("§3.1 an error thrown by an onModelCall middleware is wrapped with its cause", async () => {
    const bug = new TypeError("middleware bug");
    const throwing: AgentMiddleware<Agent> = {
      onModelCall: () => Promise.reject(bug),
    };
    const agent = makeAgent(["never"], { middlewares: [throwing] });
    const { error } = await failure(agent);
    expect(error).toMatchObject({ code: ModelErrorCode.CALL_FAILED, cause: bug });
  });

  it("§3.1 maxRetries retries a failing call on any error; success on a later attempt completes the reply", async () => {
    const model = new RawModel(false, (attempt) => {
      if (attempt < 2) throw new Error(`attempt ${attempt}`);
      return chunk("finally", true);
    });
    const agent = makeAgent(model, { modelConfig: { maxRetries: 2 } });
    const final = await agent.reply(user("go"));
    expect(final.getTextContent()).toBe("finally");
    expect(model.calls).toBe(3);
  });

  it("§3.1 the fallback model is tried after the primary's maxRetries+1 attempts", async () => {
    const primary = new RawModel(false, () => {
      throw new Error("primary down");
    });
    const fallback = new RawModel(false, () => chunk("from fallback", true));
    const agent = makeAgent(primary, { modelConfig: { maxRetries: 1, fallbackModel: fallback } });
    expect((await agent.reply(user("go"))).getTextContent()).toBe("from fallback");
    expect(primary.calls).toBe(2);
    expect(fallback.calls).toBe(1);
  });

  it("§3.1 when every attempt fails the last error is raised (wrapped, cause kept)", async () => {
    const last = new Error("fallback down");
    const primary = new RawModel(false, () => {
      throw new Error("primary down");
    });
    const fallback = new RawModel(false, () => {
      throw last;
    });
    const agent = makeAgent(primary, { modelConfig: { fallbackModel: fallback } });
    const { error } = await failure(agent);
    expect(error).toMatchObject({ code: ModelErrorCode.CALL_FAILED, cause: last });
    expect(primary.calls).toBe(1);
    expect(fallback.calls).toBe(1);
  });

  it("§3.1 a call resolving an invalid value is not retried (as the reference: it is no exception)", async () => {
    const model = new RawModel(false, () => null);
    const agent = makeAgent(model, { modelConfig: { maxRetries: 3 } });
    const { error } = await failure(agent);
    expect(error).toMatchObject({ code: ModelErrorCode.INVALID_RESPONSE });
    expect(model.calls).toBe(1);
  });
});
