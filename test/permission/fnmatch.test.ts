import { describe, expect, it } from "vitest";
import { fnmatch } from "../../src/permission/index.js";

// Expected values checked against CPython's fnmatch.fnmatchcase.
describe("fnmatch (Python fnmatchcase semantics, spec §4)", () => {
  it.each([
    ["*.py", "src/a.py", true],
    ["*.py", "a.py", true],
    ["*.py", "a.pyc", false],
    ["/tmp/**", "/tmp/a/b/c.txt", true],
    ["/tmp/*", "/tmp/a/b/c.txt", true],
    ["/tmp/**", "/tmpx/a", false],
    ["src/*/main.py", "src/a/b/main.py", true],
    ["*", "line1\nline2", true],
  ])(
    "lets `*` match any run of characters, `/` and newlines included: %s vs %j → %s",
    (pattern, name, ok) => {
      expect(fnmatch(name, pattern)).toBe(ok);
    },
  );

  it.each([
    ["?", "/", true],
    ["a?c", "abc", true],
    ["a?c", "ac", false],
    ["?", "😀", true],
    ["a?b", "a😀b", true],
  ])("lets `?` match exactly one character (a code point): %s vs %j → %s", (pattern, name, ok) => {
    expect(fnmatch(name, pattern)).toBe(ok);
  });

  it.each([
    ["[abc].txt", "b.txt", true],
    ["[abc].txt", "d.txt", false],
    ["[a-c]x", "bx", true],
    ["[!a-c]x", "dx", true],
    ["[!a-c]x", "bx", false],
    ["[]]", "]", true],
    ["[]]", "],", false],
    ["[!]]", "a", true],
    ["[!]]", "]", false],
    ["[a-]", "-", true],
    ["[-a]", "-", true],
    ["[+--]", ",", true],
    ["[\\]", "\\", true],
    ["[^a]", "^", true],
    ["[^a]", "b", false],
  ])("matches classes, ranges and `[!…]` negation: %s vs %j → %s", (pattern, name, ok) => {
    expect(fnmatch(name, pattern)).toBe(ok);
  });

  it.each([
    ["[z-a]", "z", false],
    ["[z-a]x", "-x", false],
    ["[!z-a]", "q", true],
  ])(
    "treats a reversed range as empty, as Python does, instead of throwing: %s vs %j → %s",
    (pattern, name, ok) => {
      expect(fnmatch(name, pattern)).toBe(ok);
    },
  );

  it.each([
    ["[", "[", true],
    ["a[b", "a[b", true],
    ["[!]", "[!]", true],
  ])("reads an unclosed `[` as a literal: %s vs %j → %s", (pattern, name, ok) => {
    expect(fnmatch(name, pattern)).toBe(ok);
  });

  it.each([
    ["a.b", "a.b", true],
    ["a.b", "axb", false],
    ["a+b", "a+b", true],
    ["(x)", "(x)", true],
    ["$x^", "$x^", true],
    ["a{1}", "a{1}", true],
    ["a|b", "a|b", true],
    ["a\\*", "a\\bc", true],
    ["a\\*", "abc", false],
  ])("keeps regex syntax and backslashes literal: %s vs %j → %s", (pattern, name, ok) => {
    expect(fnmatch(name, pattern)).toBe(ok);
  });

  it.each([
    ["*.PY", "a.py", false],
    ["*.py", "a.PY", false],
    ["abc", "abcd", false],
    ["bc", "abc", false],
    ["", "", true],
    ["", "a", false],
  ])("is case-sensitive and matches the whole string: %s vs %j → %s", (pattern, name, ok) => {
    expect(fnmatch(name, pattern)).toBe(ok);
  });

  it("gives the same answer for a pattern served from its cache", () => {
    expect(fnmatch("src/a.py", "*.py")).toBe(true);
    expect(fnmatch("src/a.txt", "*.py")).toBe(false);
    expect(fnmatch("src/a.py", "*.py")).toBe(true);
  });
});
