import { describe, expect, it } from "vitest";
import { pyCount, pyReplace } from "../../../../src/tools/builtin/edit/index.js";

describe("pyCount / pyReplace (Python str semantics for Edit)", () => {
  it("§5.3 counts non-overlapping occurrences; an empty needle counts characters + 1", () => {
    expect(pyCount("aaaa", "aa")).toBe(2);
    expect(pyCount("a😀b", "")).toBe(4);
    expect(pyCount("", "")).toBe(1);
  });

  it("§5.3 replaces the first or every occurrence, literally", () => {
    expect(pyReplace("a.a.a", ".", "$&", false)).toBe("a$&a.a");
    expect(pyReplace("aaaa", "aa", "b", true)).toBe("bb");
    expect(pyReplace("ab", "", "x", true)).toBe("xaxbx");
    expect(pyReplace("ab", "", "x", false)).toBe("xab");
    expect(pyReplace("", "", "x", true)).toBe("x");
  });
});
