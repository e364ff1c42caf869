import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import {
  isToolChunkLike,
  textChunk,
  ToolChunkSchema,
  toToolChunk,
  type ToolChunk,
} from "../../src/tools/index.js";

describe("ToolChunk (§6.1)", () => {
  it("defaults to running, last, empty metadata and a new id", () => {
    const chunk = ToolChunkSchema.parse({ content: [] });
    expect(chunk).toMatchObject({ content: [], state: "running", is_last: true, metadata: {} });
    expect(chunk.id).toMatch(/\S/);
  });

  it("holds only text and data blocks", () => {
    expect(
      ToolChunkSchema.safeParse({ content: [{ type: "thinking", thinking: "x" }] }).success,
    ).toBe(false);
  });

  describe("textChunk", () => {
    it("makes one text block with the given state and metadata", () => {
      const chunk = textChunk("boom", { state: "error", metadata: { code: 1 }, blockId: "b" });
      expect(chunk).toMatchObject({ state: "error", is_last: true, metadata: { code: 1 } });
      expect(chunk.content).toEqual([
        expect.objectContaining({ type: "text", text: "boom", id: "b", finished_at: null }),
      ]);
      expect(ToolChunkSchema.parse(chunk)).toEqual(chunk);
    });
  });

  describe("toToolChunk", () => {
    it("returns a complete chunk as is, without copying", () => {
      const chunk: ToolChunk = textChunk("x");
      expect(toToolChunk(chunk)).toBe(chunk);
    });

    it("fills missing chunk fields and block ids", () => {
      const chunk = toToolChunk({
        content: [
          { type: "text", text: "a" },
          { type: "data", source: { type: "base64", data: "AA==", media_type: "image/png" } },
        ],
      });
      expect(chunk.state).toBe("running");
      expect(chunk.content[0]).toMatchObject({ type: "text", text: "a", finished_at: null });
      expect(chunk.content[1]).toMatchObject({ type: "data", name: null });
      expect(chunk.content.every((b) => typeof b.id === "string")).toBe(true);
    });

    it("normalises URL sources as the message schema does", () => {
      const chunk = toToolChunk({
        content: [
          {
            type: "data",
            id: "d",
            created_at: "t",
            finished_at: null,
            name: null,
            source: { type: "url", url: "file://tmp.txt", media_type: "text/plain" },
          },
        ],
      });
      expect(chunk.content[0]).toMatchObject({ source: { url: "file://tmp.txt/" } });
    });

    it("throws a ValidationError naming the bad field", () => {
      expect(() => toToolChunk({ content: [{ type: "text" }] } as never)).toThrow(ValidationError);
      expect(() => toToolChunk({ content: [], state: "done" } as never)).toThrow(/state/);
      expect(() => toToolChunk({ content: [], metadata: null } as never)).toThrow(/metadata/);
      expect(() => toToolChunk({ content: [], is_last: "yes" } as never)).toThrow(/is_last/);
    });
  });

  describe("isToolChunkLike", () => {
    it("recognises chunks", () => {
      expect(isToolChunkLike({ content: [] })).toBe(true);
      expect(isToolChunkLike(textChunk("x"))).toBe(true);
    });

    it("rejects other objects, even with a content key", () => {
      expect(isToolChunkLike({ content: "text" })).toBe(false);
      expect(isToolChunkLike({ content: [], author: "me" })).toBe(false);
      expect(isToolChunkLike({ content: [{ type: "image" }] })).toBe(false);
      expect(isToolChunkLike([])).toBe(false);
      expect(isToolChunkLike(null)).toBe(false);
    });
  });
});
