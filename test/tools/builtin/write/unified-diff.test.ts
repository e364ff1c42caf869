import { describe, expect, it } from "vitest";
import { splitLinesKeepEnds } from "../../../../src/tools/builtin/read/index.js";
import { unifiedDiff } from "../../../../src/tools/builtin/write/index.js";

/** The diff of two texts, as Write and Edit compute it. */
function diff(a: string, b: string, fromFile = "a/p"): string {
  return unifiedDiff(splitLinesKeepEnds(a), splitLinesKeepEnds(b), { fromFile, toFile: "b/p" });
}

// Expected texts are Python's `"".join(difflib.unified_diff(a.splitlines(True), …, n=3))`.
describe("unifiedDiff (Python difflib, spec §5.3)", () => {
  it("§5.3 diffs a new file from /dev/null", () => {
    expect(diff("", "New file content\n", "/dev/null")).toBe(
      "--- /dev/null\n+++ b/p\n@@ -0,0 +1 @@\n+New file content\n",
    );
  });

  it("§5.3 joins changes closer than 2×3 lines into one hunk", () => {
    expect(diff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "a\nB\nc\nd\ne\nf\ng\nh\nI\nj\n")).toBe(
      "--- a/p\n+++ b/p\n@@ -1,10 +1,10 @@\n a\n-b\n+B\n c\n d\n e\n f\n g\n h\n-i\n+I\n j\n",
    );
  });

  it("§5.3 splits distant changes into hunks with 3 lines of context", () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i + 1}\n`).join("");
    const b = a.replace("l2\n", "L2\n").replace("l18\n", "L18\n");
    expect(diff(a, b)).toBe(
      "--- a/p\n+++ b/p\n@@ -1,5 +1,5 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n" +
        "@@ -15,6 +15,6 @@\n l15\n l16\n l17\n-l18\n+L18\n l19\n l20\n",
    );
  });

  it("§5.3 emits a last line without newline as is, like difflib", () => {
    expect(diff("x\ny", "x\nz")).toBe("--- a/p\n+++ b/p\n@@ -1,2 +1,2 @@\n x\n-y+z");
  });

  it("§5.3 is empty when nothing changed; a deletion of everything ends at +0,0", () => {
    expect(diff("same\n", "same\n")).toBe("");
    expect(diff("one\ntwo\n", "")).toBe("--- a/p\n+++ b/p\n@@ -1,2 +0,0 @@\n-one\n-two\n");
  });

  it("§5.3 reproduces difflib's autojunk on 200+ lines (popular lines anchor nothing)", () => {
    const a = Array.from({ length: 300 }, (_, i) => (i % 2 ? "x\n" : "y\n")).join("");
    const b = a.replace("x\ny\nx\n", "x\nQ\nx\n");
    const aLines = splitLinesKeepEnds(a);
    const bLines = splitLinesKeepEnds(b);
    expect(diff(a, b)).toBe(
      "--- a/p\n+++ b/p\n@@ -1,300 +1,300 @@\n y\n x\n" +
        aLines
          .slice(2)
          .map((l) => `-${l}`)
          .join("") +
        bLines
          .slice(2)
          .map((l) => `+${l}`)
          .join(""),
    );
  });
});
