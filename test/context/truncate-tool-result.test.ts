import { describe, expect, it } from "vitest";
import {
  splitToolResult,
  truncateToolResult,
  truncationMarker,
  type CountTokens,
} from "../../src/context/index.js";
import {
  ToolResultBlockSchema,
  type DataBlock,
  type Msg,
  type TextBlock,
  type TextOrDataBlock,
  type ToolResultBlock,
} from "../../src/message/index.js";
import { estimateTokens } from "../../src/model/index.js";

/** The pinned example's counter: tokens = the length of all text (data blocks count 0). */
const textLength: CountTokens = (msgs) =>
  Promise.resolve(
    msgs.flatMap((m) => m.content).reduce((n, b) => n + (b.type === "text" ? b.text.length : 0), 0),
  );

const text = (t: string, id = `t-${t.slice(0, 1)}`): TextBlock => ({
  type: "text",
  text: t,
  id,
  created_at: "2026-01-01T00:00:00.000Z",
  finished_at: null,
});

const image: DataBlock = {
  type: "data",
  id: "img",
  name: "pic",
  source: { type: "base64", data: "aGVsbG8=", media_type: "image/png" },
  created_at: "2026-01-01T00:00:00.000Z",
  finished_at: null,
};

const result = (output: string | TextOrDataBlock[]): ToolResultBlock =>
  ToolResultBlockSchema.parse({
    type: "tool_result",
    id: "call-1",
    name: "big",
    output,
    state: "success",
    metadata: { rows: 3 },
  });

const texts = (r: ToolResultBlock) =>
  typeof r.output === "string"
    ? [r.output]
    : r.output.map((b) => (b.type === "text" ? b.text : "<data>"));

describe("splitToolResult (spec §8.4)", () => {
  it("the pinned example: [A*20, B*20, C*100] at 100 keeps [A*20, B*20+C*60] and leaves out [C*40]", async () => {
    const input = result([text("A".repeat(20)), text("B".repeat(20)), text("C".repeat(100))]);
    const { reserved, offloaded } = await splitToolResult(input, 100, textLength);
    expect(texts(reserved)).toEqual(["A".repeat(20), "B".repeat(20) + "C".repeat(60)]);
    expect(texts(offloaded!)).toEqual(["C".repeat(40)]);
    // the left-out text keeps the boundary block's id; both parts keep the result's id and name
    expect((offloaded!.output as TextBlock[])[0]!.id).toBe("t-C");
    expect([reserved.id, offloaded!.id, reserved.name, offloaded!.state]).toEqual([
      "call-1",
      "call-1",
      "big",
      "success",
    ]);
    // the input is not changed
    expect(texts(input)).toEqual(["A".repeat(20), "B".repeat(20), "C".repeat(100)]);
  });

  it("a result within the limit comes back as the same object", async () => {
    const input = result([text("A".repeat(100))]);
    const { reserved, offloaded } = await splitToolResult(input, 100, textLength);
    expect(reserved).toBe(input);
    expect(offloaded).toBeNull();
  });

  it("a single text block is cut proportionally, the kept part under the boundary's id", async () => {
    const input = result([text("x".repeat(300), "only")]);
    const { reserved, offloaded } = await splitToolResult(input, 100, textLength);
    expect(texts(reserved)).toEqual(["x".repeat(100)]);
    expect((reserved.output as TextBlock[])[0]!.id).toBe("only");
    expect(texts(offloaded!)).toEqual(["x".repeat(200)]);
  });

  it("string output is treated as one text block", async () => {
    const { reserved, offloaded } = await splitToolResult(result("y".repeat(150)), 100, textLength);
    expect(texts(reserved)).toEqual(["y".repeat(100)]);
    expect(texts(offloaded!)).toEqual(["y".repeat(50)]);
  });

  it("a data block on the boundary is left out whole, before the rest", async () => {
    // with the real estimate a data block is 2000 tokens: it is the boundary at limit 2000
    const count: CountTokens = (msgs) => Promise.resolve(estimateTokens(msgs));
    const input = result([text("a".repeat(40)), image, text("b".repeat(40))]);
    const { reserved, offloaded } = await splitToolResult(input, 2000, count);
    expect(texts(reserved)).toEqual(["a".repeat(40)]);
    expect(texts(offloaded!)).toEqual(["<data>", "b".repeat(40)]);
  });

  it("cuts by code points, never inside a surrogate pair", async () => {
    const input = result([text("😀".repeat(10))]);
    const count: CountTokens = (msgs) =>
      Promise.resolve(
        msgs
          .flatMap((m) => m.content)
          .reduce((n, b) => n + (b.type === "text" ? Array.from(b.text).length : 0), 0),
      );
    const { reserved, offloaded } = await splitToolResult(input, 4, count);
    expect(texts(reserved)).toEqual(["😀".repeat(4)]);
    expect(texts(offloaded!)).toEqual(["😀".repeat(6)]);
  });
});

describe("truncateToolResult (spec §8.4)", () => {
  it("without an offloader appends the marker that names no file, and drops the metadata", async () => {
    const input = result([text("A".repeat(20)), text("B".repeat(20)), text("C".repeat(100))]);
    const saved = await truncateToolResult(input, 100, textLength);
    expect(texts(saved)).toEqual([
      "A".repeat(20),
      "B".repeat(20) +
        "C".repeat(60) +
        "\n<<<TRUNCATED>>>\n<system-reminder>The remaining content has been omitted for limited context.</system-reminder>",
    ]);
    expect(saved.metadata).toEqual({});
    expect(input.metadata).toEqual({ rows: 3 });
  });

  it("with an offloader hands it the omitted part and the marker names the file it returned", async () => {
    const stored: Array<{ sessionId: string; result: ToolResultBlock }> = [];
    const offloader = {
      offloadDataBlock: (b: DataBlock) => Promise.resolve(b),
      offloadContext: (_s: string, _m: readonly Msg[]) => Promise.resolve("ctx"),
      offloadToolResult: (sessionId: string, r: ToolResultBlock) => {
        stored.push({ sessionId, result: r });
        return Promise.resolve("/ws/sessions/s1/tool_result-call-1.txt");
      },
    };
    const input = result([text("A".repeat(20)), text("B".repeat(20)), text("C".repeat(100))]);
    const saved = await truncateToolResult(input, 100, textLength, offloader, "s1");
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sessionId).toBe("s1");
    expect(texts(stored[0]!.result)).toEqual(["C".repeat(40)]);
    expect(texts(saved).at(-1)).toBe(
      "B".repeat(20) +
        "C".repeat(60) +
        "\n<<<TRUNCATED>>>\n<system-reminder>The remaining content has been omitted for limited context. " +
        "You can refer to the file in '/ws/sessions/s1/tool_result-call-1.txt' for the truncated content if needed.</system-reminder>",
    );
  });

  it("an offloader that only stores data blocks gives the marker without a file", async () => {
    const offloader = { offloadDataBlock: (b: DataBlock) => Promise.resolve(b) };
    const saved = await truncateToolResult(
      result("z".repeat(150)),
      100,
      textLength,
      offloader,
      "s",
    );
    expect(texts(saved).at(-1)).toBe("z".repeat(100) + truncationMarker(null));
  });

  it("the marker becomes a text block of its own when the kept part ends with a data block", async () => {
    const count: CountTokens = (msgs) => Promise.resolve(estimateTokens(msgs));
    const input = result([image, text("q".repeat(40_000))]);
    const saved = await truncateToolResult(input, 2001, count);
    const out = saved.output as TextOrDataBlock[];
    expect(out.map((b) => b.type)).toEqual(["data", "text"]);
    // 1 token of budget buys 4 bytes of the 10 000-token text
    expect((out[1] as TextBlock).text).toBe("q".repeat(4) + truncationMarker(null));
    const onlyData = await truncateToolResult(result([image, image]), 2001, count);
    expect((onlyData.output as TextOrDataBlock[]).map((b) => b.type)).toEqual(["data", "text"]);
    expect(((onlyData.output as TextOrDataBlock[])[1] as TextBlock).text).toBe(
      truncationMarker(null),
    );
  });

  it("refuses an offloader without a session id (a typed error)", async () => {
    const offloader = {
      offloadDataBlock: (b: DataBlock) => Promise.resolve(b),
      offloadToolResult: () => Promise.resolve("p"),
    };
    await expect(
      truncateToolResult(result("z".repeat(150)), 100, textLength, offloader),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });
});
