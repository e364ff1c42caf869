import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import {
  AgentEventSchema,
  AssistantMsg,
  JsonObjectSchema,
  MAX_JSON_DEPTH,
  Msg,
  UserMsg,
  copyJson,
} from "../../src/message/index.js";

/** An object nested `levels` deep: `{ a: { a: … {} } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe("free-form JSON (metadata, structured output, custom values) is bounded JSON", () => {
  it("refuses metadata nested deeper than the bound at every entry point, naming the place", () => {
    // 2,000 levels used to be accepted, and then toJSON threw: the state could never be saved.
    const deep = nested(2000);
    const msg = { name: "u", role: "user", content: "hi", metadata: deep };
    expect(() => Msg.fromJSON(msg)).toThrow(ValidationError);
    expect(() => new UserMsg({ name: "u", content: "hi", metadata: deep })).toThrow(
      /Nested deeper than 100 levels/,
    );
    const event = { type: "CUSTOM", name: "x", value: deep };
    expect(AgentEventSchema.safeParse(event).success).toBe(false);
    expect(() => new AssistantMsg({ name: "a", content: [], structured_output: deep })).toThrow(
      ValidationError,
    );
  });

  it("accepts nesting up to the bound, and the result round-trips", () => {
    const msg = new UserMsg({ name: "u", content: "hi", metadata: nested(MAX_JSON_DEPTH - 1) });
    const again = Msg.fromJSON(JSON.parse(JSON.stringify(msg.toJSON())));
    expect(again.metadata).toEqual(msg.metadata);
  });

  it("refuses a cycle given to a constructor, with a typed error naming the path", () => {
    const metadata: Record<string, unknown> = { list: [1] };
    (metadata["list"] as unknown[]).push(metadata);
    let error: unknown;
    try {
      new UserMsg({ name: "u", content: "hi", metadata });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toEqual({
      path: "metadata.list.1",
      message: "Contains a cycle (refers to itself)",
    });
  });

  it("accepts shared references that are not cycles", () => {
    const shared = { x: 1 };
    expect(copyJson({ a: shared, b: [shared, shared] })).toEqual({
      ok: true,
      value: { a: { x: 1 }, b: [{ x: 1 }, { x: 1 }] },
    });
  });

  it.each([
    ["NaN", { n: Number.NaN }],
    ["Infinity", { n: Infinity }],
    ["a function", { f: () => 1 }],
    ["a BigInt", { n: 1n }],
    ["a symbol", { s: Symbol("s") }],
    ["a Date", { d: new Date(0) }],
    ["a Map", { m: new Map() }],
    ["a class instance", { e: new Error("x") }],
    ["undefined in an array", { l: [undefined] }],
    ["a hole in an array", { l: new Array<number>(3) }],
  ])("refuses %s (it would not survive JSON)", (_name, value) => {
    expect(JsonObjectSchema.safeParse(value).success).toBe(false);
  });

  it("leaves out undefined properties, as JSON does", () => {
    expect(JsonObjectSchema.parse({ a: undefined, b: 1 })).toEqual({ b: 1 });
  });

  it("turns a throwing getter into a typed issue, never an escaping exception", () => {
    const value = Object.defineProperty({}, "boom", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    const result = JsonObjectSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Could not be read: no");
  });

  it("copies: the parsed value shares nothing with the input", () => {
    const metadata = { nested: { a: 1 } };
    const msg = new UserMsg({ name: "u", content: "hi", metadata });
    metadata.nested.a = 2;
    expect(msg.metadata).toEqual({ nested: { a: 1 } });
  });

  it("keeps __proto__, constructor and prototype keys as data, never as a prototype", () => {
    const metadata = JSON.parse(
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}, "prototype": 1}',
    ) as Record<string, unknown>;
    const msg = Msg.fromJSON({ name: "u", role: "user", content: "hi", metadata });
    expect(Object.getPrototypeOf(msg.metadata)).toBe(Object.prototype);
    expect((msg.metadata as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.keys(msg.metadata)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
    // The keys survive the wire both ways.
    const again = Msg.fromJSON(JSON.parse(JSON.stringify(msg)));
    expect(Object.keys(again.metadata)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getOwnPropertyDescriptor(again.metadata, "__proto__")?.value).toEqual({
      admin: true,
    });
  });
});

describe("Msg options are strict (a misspelt field is refused, not dropped)", () => {
  it("refuses an unknown Msg option, naming the nearest field", () => {
    expect(() => new Msg({ name: "a", role: "user", content: "x", metdata: {} } as never)).toThrow(
      'Unknown option "metdata"; did you mean "metadata"?',
    );
    expect(
      () => new Msg({ name: "a", role: "user", content: "x", createdAt: "now" } as never),
    ).toThrow(/did you mean "created_at"/);
  });

  it("refuses options a factory does not take (UserMsg has no usage)", () => {
    expect(
      () => new UserMsg({ name: "u", content: "x", usage: { input_tokens: 1 } } as never),
    ).toThrow(/UserMsg options.*Unknown option "usage"/);
    expect(() => new AssistantMsg({ name: "a", content: [], role: "user" } as never)).toThrow(
      /AssistantMsg options/,
    );
  });

  it("refuses options that are not an object with a typed error, not a TypeError", () => {
    for (const make of [
      () => new Msg(null as never),
      () => new UserMsg(undefined as never),
      () => new AssistantMsg("hi" as never),
    ]) {
      expect(make).toThrow(ValidationError);
    }
  });

  it("Msg.fromJSON stays tolerant of keys from other versions (wire data, not options)", () => {
    const msg = Msg.fromJSON({ name: "u", role: "user", content: [], future_field: 1 });
    expect(msg.toJSON()).not.toHaveProperty("future_field");
  });

  it("refuses usage that is not a safe integer", () => {
    expect(
      () =>
        new AssistantMsg({
          name: "a",
          content: [],
          usage: { input_tokens: 2 ** 60, output_tokens: 0 },
        }),
    ).toThrow(ValidationError);
  });
});
