import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../../src/tools/skills/front-matter.js";

describe("parseFrontMatter (SKILL.md)", () => {
  it("splits YAML front-matter from the trimmed body", () => {
    expect(
      parseFrontMatter("---\nname: pdf\ndescription: Read PDFs\n---\n\n# PDF\n\nUse it.\n"),
    ).toEqual({
      metadata: { name: "pdf", description: "Read PDFs" },
      body: "# PDF\n\nUse it.",
    });
  });

  it("accepts CRLF line endings and surrounding blank lines", () => {
    expect(parseFrontMatter("\r\n---\r\nname: x\r\n---\r\nbody\r\n")).toEqual({
      metadata: { name: "x" },
      body: "body",
    });
  });

  it("treats a text without front-matter as all body", () => {
    expect(parseFrontMatter("# Title\n---\nname: x\n---")).toEqual({
      metadata: {},
      body: "# Title\n---\nname: x\n---",
    });
    expect(parseFrontMatter("---\nname: x")).toEqual({ metadata: {}, body: "---\nname: x" });
  });

  it("ignores front-matter that is not a mapping", () => {
    expect(parseFrontMatter("---\n- a\n---\nbody").metadata).toEqual({});
  });

  it("throws on invalid YAML", () => {
    expect(() => parseFrontMatter("---\nname: [unclosed\n---\nbody")).toThrow();
  });
});
