import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import type { TextOrDataBlockInput } from "./block-input.js";
import {
  ToolErrorCode,
  ToolResponse,
  ToolResponseSchema,
  toToolChunk,
  type ToolChunk,
} from "../../src/tools/index.js";

function chunk(content: TextOrDataBlockInput[], extra: Partial<ToolChunk> = {}): ToolChunk {
  return toToolChunk({ content, ...extra });
}
const text = (id: string, t: string): TextOrDataBlockInput => ({ type: "text", id, text: t });
const b64 = (id: string, data: string, media_type = "image/jpeg", name?: string) =>
  ({
    type: "data",
    id,
    source: { type: "base64", data, media_type },
    ...(name === undefined ? {} : { name }),
  }) as TextOrDataBlockInput;
const url = (id: string, u: string) =>
  ({
    type: "data",
    id,
    source: { type: "url", url: u, media_type: "image/png" },
  }) as TextOrDataBlockInput;

describe("ToolResponse (§6.1)", () => {
  it("defaults to no content, success, empty metadata", () => {
    const response = new ToolResponse({ id: "call" });
    expect(response.toJSON()).toEqual({ content: [], state: "success", metadata: {}, id: "call" });
    expect(ToolResponseSchema.parse(JSON.parse(JSON.stringify(response)))).toEqual(
      response.toJSON(),
    );
  });

  it("§11.78 merges streamed text and data chunks by id", () => {
    const response = new ToolResponse({ id: "test_2" });
    for (const c of [
      chunk([text("a", "123")]),
      chunk([text("b", "456")]),
      chunk([text("b", "789")]),
      chunk([b64("1", "abc")]),
      chunk([b64("2", "***")]),
      chunk([b64("1", "def")]),
    ]) {
      response.appendChunk(c);
    }
    expect(response.state).toBe("success");
    expect(response.content).toEqual([
      expect.objectContaining({ type: "text", id: "a", text: "123456789" }),
      expect.objectContaining({
        type: "data",
        id: "1",
        name: null,
        source: { type: "base64", data: "abcdef", media_type: "image/jpeg" },
      }),
      expect.objectContaining({
        type: "data",
        id: "2",
        source: { type: "base64", data: "***", media_type: "image/jpeg" },
      }),
    ]);
  });

  it("§11.79 merges valid base64 chunks by bytes", () => {
    const response = new ToolResponse();
    const first = Buffer.from("hello").toString("base64");
    const second = Buffer.from("world").toString("base64");
    expect(first.endsWith("=")).toBe(true);
    response.appendChunk(chunk([b64("image", first, "image/png")]));
    response.appendChunk(chunk([b64("image", second, "image/png")]));
    expect(response.content).toHaveLength(1);
    const merged = response.content[0];
    expect(merged?.type === "data" && merged.source.type === "base64").toBe(true);
    if (merged?.type === "data" && merged.source.type === "base64") {
      expect(Buffer.from(merged.source.data, "base64").toString()).toBe("helloworld");
    }
  });

  it("concatenates the texts when either side is not valid base64", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([b64("x", "aGk=")]));
    response.appendChunk(chunk([b64("x", "not base64!")]));
    expect(response.content[0]).toMatchObject({ source: { data: "aGk=not base64!" } });
  });

  it("takes the newer name and media type of a merged data block", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([b64("x", "AA==", "image/png", "a.png")]));
    response.appendChunk(chunk([b64("x", "AQ==", "image/webp")]));
    expect(response.content[0]).toMatchObject({
      name: "a.png",
      source: { data: "AAE=", media_type: "image/webp" },
    });
    response.appendChunk(chunk([b64("x", "", "", "b.png")]));
    expect(response.content[0]).toMatchObject({
      name: "b.png",
      source: { media_type: "image/webp" },
    });
  });

  it("refuses to merge URL sources, with the reference's message", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([url("u", "https://example.com/a.png")]));
    expect(() => response.appendChunk(chunk([url("u", "https://example.com/b.png")]))).toThrow(
      expect.objectContaining({
        code: ToolErrorCode.CHUNK_MERGE_CONFLICT,
        message:
          "Cannot append DataBlock with URL source or different source types: " +
          "type='url' url='https://example.com/a.png' media_type='image/png' vs " +
          "type='url' url='https://example.com/b.png' media_type='image/png'",
      }),
    );
  });

  it("refuses to merge a base64 source with a URL source", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([b64("d", "AA==")]));
    expect(() => response.appendChunk(chunk([url("d", "https://example.com/")]))).toThrow(
      /^Cannot append DataBlock with URL source or different source types: type='base64'/,
    );
  });

  it("appends a block of another type with the same id as a copy with a new id", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([text("same", "caption")]));
    response.appendChunk(chunk([b64("same", "AA==")]));
    expect(response.content).toHaveLength(2);
    expect(response.content[0]?.id).toBe("same");
    expect(response.content[1]?.type).toBe("data");
    expect(response.content[1]?.id).not.toBe("same");
  });

  it("never modifies the chunks it appends", () => {
    const response = new ToolResponse();
    const first = chunk([text("t", "a"), b64("d", "AA==")]);
    const snapshot = JSON.parse(JSON.stringify(first)) as unknown;
    response.appendChunk(first);
    response.appendChunk(chunk([text("t", "b"), b64("d", "AQ==")]));
    expect(first).toEqual(snapshot);
  });

  it("merges consecutive text blocks, keeping the first id", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([text("1", "a"), text("2", "b"), b64("d", "AA=="), text("3", "c")]));
    response.appendChunk(chunk([text("4", "d")]));
    expect(response.content.map((b) => [b.type, b.id, b.type === "text" ? b.text : null])).toEqual([
      ["text", "1", "ab"],
      ["data", "d", null],
      ["text", "3", "cd"],
    ]);
  });

  it("keeps running chunks from changing the state", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([text("a", "x")], { state: "running" }));
    expect(response.state).toBe("success");
  });

  it.each([
    [["denied"], "denied"],
    [["interrupted"], "interrupted"],
    [["error"], "error"],
    [["error", "interrupted", "denied", "running"], "error"],
    [["denied", "interrupted"], "interrupted"],
    [["interrupted", "denied"], "interrupted"],
    [["denied", "error"], "error"],
  ] as const)(
    "after chunks in states %j the response is %s (error > interrupted > denied)",
    (states, expected) => {
      const response = new ToolResponse();
      for (const state of states) response.appendChunk(chunk([], { state }));
      expect(response.state).toBe(expected);
    },
  );

  it("merges chunk metadata, later keys winning", () => {
    const response = new ToolResponse();
    response.appendChunk(chunk([], { metadata: { a: 1, b: 1 } }));
    response.appendChunk(chunk([], { metadata: { b: 2 } }));
    expect(response.metadata).toEqual({ a: 1, b: 2 });
  });

  it("keeps __proto__ and constructor keys of chunk metadata as data, never as a prototype", () => {
    const response = new ToolResponse();
    const metadata = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    ) as Record<string, unknown>;
    response.appendChunk(chunk([], { metadata }));
    expect(Object.getPrototypeOf(response.metadata)).toBe(Object.prototype);
    expect((response.metadata as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(response.metadata)).toEqual(["__proto__", "constructor"]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // The wire form carries both keys and reads back the same.
    const back = ToolResponseSchema.parse(JSON.parse(JSON.stringify(response)));
    expect(Object.keys(back.metadata)).toEqual(["__proto__", "constructor"]);
  });

  it("refuses unknown options and bad fields at construction, with a typed error", () => {
    expect(() => new ToolResponse({ id: "a", stat: "error" } as never)).toThrow(
      'Unknown option "stat"; did you mean "state"?',
    );
    expect(() => new ToolResponse({ state: "running" } as never)).toThrow(ValidationError);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) deep = { deep };
    expect(() => new ToolResponse({ metadata: deep })).toThrow(/Nested deeper than 100 levels/);
  });

  it("copies what it is constructed with", () => {
    const metadata = { nested: { a: 1 } };
    const response = new ToolResponse({ metadata, content: [{ type: "text", text: "x" }] });
    metadata.nested.a = 2;
    expect(response.metadata).toEqual({ nested: { a: 1 } });
  });

  it("refuses chunk metadata that is not bounded JSON, since it ends up in the agent's state", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) deep = { deep };
    const response = new ToolResponse();
    expect(() => response.appendChunk({ ...chunk([]), metadata: { deep } })).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
    const cyclic: Record<string, unknown> = {};
    cyclic["me"] = cyclic;
    expect(() => response.appendChunk({ ...chunk([]), metadata: cyclic })).toThrow(
      /metadata\.me.*cycle/,
    );
  });
});
