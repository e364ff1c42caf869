import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ChatResponseSchema,
  ModelError,
  ModelErrorCode,
  chatResponseProblem,
  invalidResponseError,
} from "../../src/model/index.js";

const T = "2025-01-01T00:00:00.000Z";
const valid = ChatResponseSchema.parse({
  content: [
    { type: "text", text: "hi", id: "t", created_at: T },
    { type: "thinking", thinking: "hm", id: "k", created_at: T, signature: "s" },
    { type: "tool_call", id: "c", name: "f", input: "{}", created_at: T },
    {
      type: "data",
      id: "d",
      name: null,
      source: { type: "base64", data: "aGk=", media_type: "image/png" },
      created_at: T,
    },
    {
      type: "data",
      id: "u",
      name: null,
      source: { type: "url", url: "https://example.com/a.png", media_type: "image/png" },
      created_at: T,
    },
  ],
  is_last: true,
  usage: { input_tokens: 3, output_tokens: 4 },
});

describe("chatResponseProblem (issue 10 §2)", () => {
  it("accepts every block kind a model produces, and what the schema accepts", () => {
    expect(chatResponseProblem(valid)).toBeNull();
    // hand-written models may leave out the defaulted fields
    expect(chatResponseProblem({ content: [], is_last: false })).toBeNull();
  });

  it.each([
    ["null", null, "is null"],
    ["a number", 1, "is a number"],
    ["no content", { is_last: true }, "has no 'content' list"],
    ["no is_last", { content: [] }, "has no boolean 'is_last'"],
    [
      "a bad finished reason",
      { content: [], is_last: true, finished_reason: "stop" },
      "finished_reason",
    ],
    [
      "negative usage",
      { content: [], is_last: true, usage: { input_tokens: -1, output_tokens: 0 } },
      "usage",
    ],
    [
      "an unsafe usage count",
      { content: [], is_last: true, usage: { input_tokens: 2 ** 60, output_tokens: 0 } },
      "usage",
    ],
    ["a null block", { content: [null], is_last: true }, "block 0 that is null"],
    ["a block without id", { content: [{ type: "text", text: "x" }], is_last: true }, "'id'"],
    [
      "a hint block",
      { content: [{ type: "hint", id: "h", hint: "x" }], is_last: true },
      "not a text",
    ],
    ["a text without text", { content: [{ type: "text", id: "t" }], is_last: true }, "'text'"],
    [
      "a tool call without input",
      { content: [{ type: "tool_call", id: "c", name: "f" }], is_last: true },
      "'input'",
    ],
    [
      "a data block without source",
      { content: [{ type: "data", id: "d" }], is_last: true },
      "source",
    ],
  ])("refuses %s", (_label, value, fragment) => {
    expect(chatResponseProblem(value)).toContain(fragment);
  });

  it("never throws on any value (fast-check)", () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true }), (value) => {
        const problem = chatResponseProblem(value);
        expect(problem === null || typeof problem === "string").toBe(true);
      }),
    );
  });

  it("accepts every response the schema builds (fast-check)", () => {
    const id = fc.string({ minLength: 1, maxLength: 8 });
    const block = fc.oneof(
      fc.record({ type: fc.constant("text"), id, text: fc.string() }),
      fc.record({ type: fc.constant("thinking"), id, thinking: fc.string() }),
      fc.record({ type: fc.constant("tool_call"), id, name: fc.string(), input: fc.string() }),
      fc.record({
        type: fc.constant("data"),
        id,
        name: fc.constant(null),
        source: fc.record({
          type: fc.constant("base64"),
          data: fc.base64String(),
          media_type: fc.constantFrom("image/png", "audio/wav"),
        }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 6 }),
        fc.boolean(),
        fc.option(fc.record({ input_tokens: fc.nat(), output_tokens: fc.nat() })),
        fc.constantFrom("completed", "interrupted"),
        (content, isLast, usage, reason) => {
          const parsed = ChatResponseSchema.safeParse({
            content,
            is_last: isLast,
            usage,
            finished_reason: reason,
          });
          if (!parsed.success) return;
          expect(chatResponseProblem(parsed.data)).toBeNull();
        },
      ),
    );
  });

  it("makes a typed, non-retryable MODEL_INVALID_RESPONSE error", () => {
    const error = invalidResponseError("m", "chunk", "is null");
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      code: ModelErrorCode.INVALID_RESPONSE,
      model: "m",
      retryable: false,
      errorType: "upstream",
    });
    expect(error.message).toContain("returned a chunk that is null");
  });
});
