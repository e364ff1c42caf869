import { readdir } from "node:fs/promises";
import { physicalPath } from "../../../permission/index.js";

/** Past this many paths a glob is not judged file by file: it is "not provable". */
const MAX_EXPANSIONS = 256;

/**
 * The paths a glob may expand to, judged now on the disk as bash would expand it, so that each
 * can be checked where it lands. `pattern` is the word's value made absolute (unnormalised); its
 * `*`, `?` and `[…]` are taken as glob characters even where they were quoted, which can only add
 * candidates. Without any match bash passes the word unchanged, so the literal path is the
 * candidate. A relative `word` is joined to `directory` (unnormalised). `null` — nobody can say what the word becomes — when:
 *
 * - a segment may match `.` or `..` (`.?`, `.[.]`, `.*`: bash before 5.2, or without
 *   `globskipdots`, expands them), which climbs out of the directory the text suggests;
 * - a segment uses extended-glob syntax (`@(…)`), or a directory on the way cannot be read;
 * - a relative word may expand to a name starting with `-`, which the command would take for
 *   an option (`cp * dest` with a file named `--target-directory=..`);
 * - there are more than 256 candidates.
 *
 * @example
 * await expandGlob("/wd", "*.txt"); // ["/wd/a.txt", "/wd/b.txt"], or ["/wd/*.txt"] if none
 */
export async function expandGlob(directory: string, word: string): Promise<string[] | null> {
  const relative = !word.startsWith("/");
  const pattern = relative ? `${directory}/${word}` : word;
  const segments = pattern.split("/");
  // Where the word's own segments start: only its first one can expand to an option.
  const firstOfWord = relative ? pattern.length - word.length : -1;
  let prefixes = [segments[0] ?? ""];
  let matched = false;
  let offset = (segments[0] ?? "").length + 1;
  for (let i = 1; i < segments.length; offset += (segments[i] ?? "").length + 1, i++) {
    const segment = segments[i] ?? "";
    const matcher = segmentMatcher(segment);
    if (matcher === "literal") {
      prefixes = prefixes.map((p) => `${p}/${segment}`);
      continue;
    }
    if (matcher === null) return null;
    const next: string[] = [];
    for (const prefix of prefixes) {
      const names = await entries(prefix === "" ? "/" : prefix);
      if (names === null) return null;
      for (const name of names) {
        if (!matcher.test(name)) continue;
        if (offset === firstOfWord && name.startsWith("-")) return null;
        next.push(`${prefix}/${name}`);
      }
      if (next.length > MAX_EXPANSIONS) return null;
    }
    if (next.length === 0) return [pattern];
    matched = true;
    prefixes = next.sort();
  }
  return matched ? prefixes : [pattern];
}

function hasGlob(segment: string): boolean {
  return /[*?[]/.test(segment);
}

/** The names in a directory (its physical path), `[]` when it does not exist. */
async function entries(directory: string): Promise<string[] | null> {
  const real = await physicalPath(directory);
  if (real === null) return null;
  try {
    return await readdir(real);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? [] : null;
  }
}

/**
 * A regex for one segment of a bash glob, `"literal"` for a segment without glob characters, or
 * `null` when the segment may match `.` or `..`, or uses syntax we do not model.
 */
function segmentMatcher(segment: string): RegExp | "literal" | null {
  if (!hasGlob(segment)) return "literal";
  if (/[()]/.test(segment)) return null;
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charAt(i);
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = classEnd(segment, i);
      if (end < 0) source += "\\[";
      else {
        source += bracketClass(segment.slice(i + 1, end));
        i = end;
      }
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  const regex = new RegExp(`^${source}$`, "s");
  // `.` and `..` match only a pattern starting with a literal dot.
  if (segment.startsWith(".") && (regex.test(".") || regex.test(".."))) return null;
  return regex;
}

/** Where the bracket expression opening at `open` closes (`]` right after `[` or `[!` is literal). */
function classEnd(segment: string, open: number): number {
  let i = open + 1;
  if (segment.charAt(i) === "!" || segment.charAt(i) === "^") i++;
  if (segment.charAt(i) === "]") i++;
  for (; i < segment.length; i++) {
    if (segment.charAt(i) === "[" && segment.charAt(i + 1) === ":") {
      const close = segment.indexOf(":]", i + 2);
      if (close >= 0) i = close + 1;
      continue;
    }
    if (segment.charAt(i) === "]") return i;
  }
  return -1;
}

/** A bracket expression as a regex class; character classes (`[:alpha:]`) match any character. */
function bracketClass(body: string): string {
  const negated = body.startsWith("!") || body.startsWith("^");
  const inner = negated ? body.slice(1) : body;
  if (inner.includes("[:") || inner.includes("[=") || inner.includes("[.")) return "[^/]";
  const escaped = inner.replace(/[\\\]^[]/g, "\\$&");
  return negated ? `[^/${escaped}]` : `[${escaped}]`;
}
