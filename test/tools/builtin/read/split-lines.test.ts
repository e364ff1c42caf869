import { describe, expect, it } from "vitest";
import { normalizeNewlines, splitLinesKeepEnds } from "../../../../src/tools/builtin/read/index.js";

describe("splitLinesKeepEnds / normalizeNewlines (Python's line handling)", () => {
  it("§11.54 keeps each line's ending and adds no empty last line", () => {
    expect(splitLinesKeepEnds("line1\nline2\nline3\n")).toEqual(["line1\n", "line2\n", "line3\n"]);
    expect(splitLinesKeepEnds("a\nb")).toEqual(["a\n", "b"]);
    expect(splitLinesKeepEnds("")).toEqual([]);
    expect(splitLinesKeepEnds("\n\n")).toEqual(["\n", "\n"]);
  });

  it("§5.2 splits where Python's splitlines does (CRLF as one, \\v \\f \\x1c-\\x1e \\x85 \\u2028 \\u2029)", () => {
    expect(splitLinesKeepEnds("a\r\nb\rc\vd\fe\x1cf\x85g\u2028h")).toEqual([
      "a\r\n",
      "b\r",
      "c\v",
      "d\f",
      "e\x1c",
      "f\x85",
      "g\u2028",
      "h",
    ]);
  });

  it("§5.2 turns CRLF and lone CR into LF", () => {
    expect(normalizeNewlines("a\r\nb\rc\n\r")).toBe("a\nb\nc\n\n");
  });
});
