import { SequenceMatcher } from "./sequence-matcher.js";

/** Options of {@link unifiedDiff}. */
export interface UnifiedDiffOptions {
  /** The `---` header's name (`"/dev/null"` for a new file). */
  fromFile: string;
  /** The `+++` header's name. */
  toFile: string;
  /** Lines of context around each change (default 3). */
  context?: number;
}

/**
 * Python's `"".join(difflib.unified_diff(a, b, fromfile, tofile, n=3))` for two lists of lines
 * that keep their endings: `""` when nothing changed, else the two headers and one
 * `@@ -l,s +l,s @@` hunk per group of changes. As in Python, a last line without a newline is
 * emitted as is (no `\ No newline at end of file` marker).
 *
 * @example
 * unifiedDiff(["a\n"], ["b\n"], { fromFile: "a/x", toFile: "b/x" });
 * // "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
 */
export function unifiedDiff(
  a: readonly string[],
  b: readonly string[],
  options: UnifiedDiffOptions,
): string {
  const groups = new SequenceMatcher(a, b).getGroupedOpcodes(options.context ?? 3);
  if (groups.length === 0) return "";
  let out = `--- ${options.fromFile}\n+++ ${options.toFile}\n`;
  for (const group of groups) {
    const first = group[0];
    const last = group.at(-1);
    if (first === undefined || last === undefined) continue;
    out += `@@ -${range(first.i1, last.i2)} +${range(first.j1, last.j2)} @@\n`;
    for (const code of group) {
      if (code.tag === "equal") {
        for (const line of a.slice(code.i1, code.i2)) out += ` ${line}`;
        continue;
      }
      if (code.tag === "replace" || code.tag === "delete") {
        for (const line of a.slice(code.i1, code.i2)) out += `-${line}`;
      }
      if (code.tag === "replace" || code.tag === "insert") {
        for (const line of b.slice(code.j1, code.j2)) out += `+${line}`;
      }
    }
  }
  return out;
}

/** A hunk range: `start` alone for one line, `start,length` otherwise (`start-1` when empty). */
function range(start: number, stop: number): string {
  const length = stop - start;
  if (length === 1) return String(start + 1);
  return `${length === 0 ? start : start + 1},${length}`;
}
