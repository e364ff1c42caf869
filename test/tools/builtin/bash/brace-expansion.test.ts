import { describe, expect, it } from "vitest";
import { expandBraces } from "../../../../src/tools/builtin/bash/brace-expansion.js";

describe("expandBraces (bash brace expansion, for departure 8's secret check)", () => {
  it("expands lists, nested lists and sequences like bash", () => {
    expect(expandBraces("{a,b}c")).toEqual(["ac", "bc"]);
    expect(expandBraces("x{1..3}")).toEqual(["x1", "x2", "x3"]);
    expect(expandBraces("{a..e..2}")).toEqual(["a", "c", "e"]);
    expect(expandBraces("{3..1}")).toEqual(["3", "2", "1"]);
    expect(expandBraces("~/{.ssh/{id_rsa,config},notes}")).toEqual([
      "~/.ssh/id_rsa",
      "~/.ssh/config",
      "~/notes",
    ]);
  });

  it("leaves braces that do not expand alone", () => {
    expect(expandBraces("{}")).toEqual(["{}"]);
    expect(expandBraces("{a}")).toEqual(["{a}"]);
    expect(expandBraces("a\\{b,c}")).toEqual(["a\\{b,c}"]);
    expect(expandBraces("{1..a}")).toEqual(["{1..a}"]);
  });

  it("gives up past 256 words", () => {
    expect(expandBraces("{1..1000}")).toBeNull();
    expect(expandBraces("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")).toBeNull();
  });
});
