import { describe, expect, it } from "vitest";
import { pyRepr, pyStrRepr, pyTypeRepr } from "../../../src/tools/input/py-repr.js";

describe("pyRepr (Python renderings in reference messages)", () => {
  it.each([
    ["hot", "'hot'"],
    ["it's", `"it's"`],
    [`it's "x"`, `'it\\'s "x"'`],
    ["a\nb\tc\\", "'a\\nb\\tc\\\\'"],
    ["\u0001\u007f", "'\\x01\\x7f'"],
    ["\u200b", "'\\u200b'"],
    ["成都", "'成都'"],
  ])("renders the str %j as %s", (value, expected) => {
    expect(pyStrRepr(value)).toBe(expected);
  });

  it("renders JSON values as Python literals", () => {
    expect(pyRepr(null)).toBe("None");
    expect(pyRepr(true)).toBe("True");
    expect(pyRepr(false)).toBe("False");
    expect(pyRepr(3)).toBe("3");
    expect(pyRepr(2.5)).toBe("2.5");
    expect(pyRepr(["a", 1, null])).toBe("['a', 1, None]");
    expect(pyRepr({ type: "array", items: { b: true } })).toBe(
      "{'type': 'array', 'items': {'b': True}}",
    );
  });

  it("renders Python type names", () => {
    expect([[], {}, "s", 1, 1.5, true, null].map(pyTypeRepr)).toEqual([
      "<class 'list'>",
      "<class 'dict'>",
      "<class 'str'>",
      "<class 'int'>",
      "<class 'float'>",
      "<class 'bool'>",
      "<class 'NoneType'>",
    ]);
  });
});
