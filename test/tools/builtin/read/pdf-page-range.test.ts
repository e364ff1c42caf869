import { describe, expect, it } from "vitest";
import { pdfPageRange } from "../../../../src/tools/builtin/read/index.js";

describe("pdfPageRange (spec §5.2)", () => {
  it("§5.2 reads every page of a short PDF when no pages are given", () => {
    expect(pdfPageRange(null, 10)).toEqual({ ok: true, first: 1, last: 10 });
  });

  it("§5.2 accepts a number or a range with spaces, clamping the end", () => {
    expect(pdfPageRange("3", 5)).toEqual({ ok: true, first: 3, last: 3 });
    expect(pdfPageRange(" 2 -4 ", 5)).toEqual({ ok: true, first: 2, last: 4 });
    expect(pdfPageRange("5-500", 5)).toEqual({ ok: true, first: 5, last: 5 });
  });

  it("§5.2 quotes the pages as Python's repr in its errors", () => {
    expect(pdfPageRange("it's", 5)).toEqual({
      ok: false,
      error: `Error: Invalid pages "it's". Expected a page number or range like "3" or "1-5".`,
    });
  });

  it("§5.2 counts the clamped range against the 20-page limit", () => {
    expect(pdfPageRange("1-100", 20)).toEqual({ ok: true, first: 1, last: 20 });
    expect(pdfPageRange("1-100", 21)).toEqual({
      ok: false,
      error: "Error: Requested 21 pages, at most 20 pages can be read per request.",
    });
  });
});
