import { describe, expect, it } from "vitest";
import {
  ChatResponseSchema,
  EMPTY_STREAM_MESSAGE,
  ModelErrorCode,
  ResponseAccumulator,
  finalResponse,
  interruptedResponse,
  isResponseStream,
  toResponseStream,
  type ChatResponse,
  type ChatResponseInput,
} from "../../src/model/index.js";

function delta(content: ChatResponseInput["content"]): ChatResponse {
  return ChatResponseSchema.parse({ content, is_last: false });
}

describe("ChatResponse", () => {
  it("fills AgentScope's defaults from its wire form", () => {
    const res = ChatResponseSchema.parse({
      content: [{ type: "text", text: "hi" }],
      is_last: true,
    });
    expect(res).toMatchObject({
      is_last: true,
      usage: null,
      finished_reason: "completed",
      metadata: {},
    });
    expect(res.content[0]).toMatchObject({ id: expect.any(String) as string, finished_at: null });
    expect(
      ChatResponseSchema.safeParse({ content: [{ type: "hint", hint: "x" }], is_last: true })
        .success,
    ).toBe(false);
    expect(interruptedResponse()).toMatchObject({
      content: [],
      is_last: true,
      finished_reason: "interrupted",
    });
  });
});

describe("response stream helpers", () => {
  it("treat a single response and a stream alike", async () => {
    const single = interruptedResponse();
    expect(isResponseStream(single)).toBe(false);
    const chunks: ChatResponse[] = [];
    for await (const c of toResponseStream(single)) chunks.push(c);
    expect(chunks).toEqual([single]);
    expect(await finalResponse(single)).toBe(single);
  });

  it("find a stream's is_last chunk, or fail with the spec's text when there is none", async () => {
    const last = interruptedResponse();
    const stream = (async function* () {
      yield delta([{ type: "text", text: "a" }]);
      yield await Promise.resolve(last);
    })();
    expect(isResponseStream(stream)).toBe(true);
    expect(await finalResponse(stream)).toBe(last);

    const empty = (async function* () {
      yield await Promise.resolve(delta([]));
    })();
    await expect(finalResponse(empty, "m")).rejects.toMatchObject({
      code: ModelErrorCode.INCOMPLETE_STREAM,
      errorType: "upstream",
      model: "m",
      message: EMPTY_STREAM_MESSAGE,
    });
  });
});

describe("finalResponse and isResponseStream on what is not a response (issue 10 §2)", () => {
  it("isResponseStream is false for null, undefined and primitives instead of throwing", () => {
    for (const value of [null, undefined, 1, "s", true]) {
      expect(isResponseStream(value as unknown as ChatResponse)).toBe(false);
    }
  });

  it("a result or a chunk that is not a ChatResponse is MODEL_INVALID_RESPONSE", async () => {
    for (const value of [null, undefined, 42, { is_last: true }, { content: [], is_last: "yes" }]) {
      await expect(finalResponse(value as unknown as ChatResponse, "m")).rejects.toMatchObject({
        code: ModelErrorCode.INVALID_RESPONSE,
        model: "m",
      });
    }
    const junk = (async function* () {
      yield await Promise.resolve(delta([]));
      yield null as unknown as ChatResponse;
    })();
    await expect(finalResponse(junk)).rejects.toMatchObject({
      code: ModelErrorCode.INVALID_RESPONSE,
    });
  });
});

describe("ResponseAccumulator", () => {
  it("concatenates deltas by block id, base64 data by bytes, and keeps the latest usage", () => {
    const acc = new ResponseAccumulator();
    acc.add(delta([{ type: "text", id: "t", text: "Hel" }]));
    acc.add(delta([{ type: "tool_call", id: "c", name: "f", input: '{"a"' }]));
    acc.add(delta([{ type: "text", id: "t", text: "lo" }]));
    acc.add(delta([{ type: "tool_call", id: "c", name: "", input: ":1}" }]));
    acc.add(
      delta([
        {
          type: "data",
          id: "d",
          source: { type: "base64", data: "YWJj", media_type: "text/plain" },
        },
      ]),
    );
    acc.add(
      delta([
        {
          type: "data",
          id: "d",
          source: { type: "base64", data: "ZGVm", media_type: "text/plain" },
        },
      ]),
    );
    acc.setUsage({
      input_tokens: 1,
      output_tokens: 2,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
      time: 0,
    });
    const res = acc.build();
    expect(res.is_last).toBe(true);
    expect(res.content).toEqual([
      expect.objectContaining({ id: "t", text: "Hello" }),
      expect.objectContaining({ id: "c", name: "f", input: '{"a":1}' }),
      expect.objectContaining({
        id: "d",
        source: { type: "base64", data: "YWJjZGVm", media_type: "text/plain" },
      }),
    ]);
    expect(res.usage?.output_tokens).toBe(2);
  });
});

describe("ResponseAccumulator with hostile keys (issue 10 §3)", () => {
  it("a __proto__ key in chunk metadata or a thinking block's fields stays data", () => {
    const acc = new ResponseAccumulator();
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<
      string,
      unknown
    >;
    acc.add({ ...delta([{ type: "thinking", id: "k", thinking: "a" }]), metadata: hostile });
    acc.add({
      ...delta([]),
      content: [
        JSON.parse(
          '{"type": "thinking", "id": "k", "thinking": "b", "created_at": "t", "finished_at": null, "__proto__": {"polluted": true}}',
        ) as ChatResponse["content"][number],
      ],
    });
    acc.setMetadata("__proto__", { polluted: true });
    const built = acc.build();
    expect(Object.getPrototypeOf(built.metadata)).toBe(Object.prototype);
    expect((built.metadata as { polluted?: unknown }).polluted).toBeUndefined();
    expect(built.metadata["x"]).toBe(1);
    const block = built.content[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(block)).toBe(Object.prototype);
    expect(block["polluted"]).toBeUndefined();
    expect(block["thinking"]).toBe("ab");
  });
});
