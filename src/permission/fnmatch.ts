/**
 * Python's `fnmatch.fnmatchcase`: the whole string must match; `*` matches any run of characters
 * including `/` (so `/tmp/**` ≡ `/tmp/*`), `?` one character, `[seq]` / `[!seq]` a class (an
 * unclosed `[` is a literal); case-sensitive, and `\` is an ordinary character. Compiled patterns
 * are cached: rules are matched on every tool call.
 *
 * @example
 * fnmatch("src/a.py", "*.py"); // true: `*` crosses `/`
 */
export function fnmatch(name: string, pattern: string): boolean {
  let regex = cache.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(`^(?:${translate(pattern)})$`, "u");
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, regex);
  }
  return regex.test(name);
}

const CACHE_LIMIT = 1024;
const cache = new Map<string, RegExp>();

/** Any one character, newlines included (Python compiles with DOTALL). */
const ANY = "[\\s\\S]";

/** Port of CPython's `fnmatch.translate`, emitting JS `u`-mode regex source. */
function translate(pattern: string): string {
  // Code points, not UTF-16 units: `?` and classes work on characters, as in Python.
  const pat = Array.from(pattern);
  const n = pat.length;
  let out = "";
  let i = 0;
  while (i < n) {
    const c = pat[i++] as string;
    if (c === "*") {
      while (pat[i] === "*") i++; // a run of * is one *
      out += `${ANY}*`;
    } else if (c === "?") {
      out += ANY;
    } else if (c === "[") {
      let j = i;
      if (pat[j] === "!") j++;
      if (pat[j] === "]") j++; // a leading ] belongs to the class
      while (j < n && pat[j] !== "]") j++;
      if (j >= n) {
        out += "\\["; // never closed: a literal [
      } else {
        out += translateClass(pat, i, j);
        i = j + 1;
      }
    } else {
      out += escapeLiteral(c);
    }
  }
  return out;
}

/** The class `pat[start..end)` (between `[` and `]`), following CPython's chunk rules. */
function translateClass(pat: readonly string[], start: number, end: number): string {
  // Split at the hyphens that form ranges; a hyphen right after `[` or `[!` is literal.
  const chunks: string[][] = [];
  let from = start;
  let k = pat[start] === "!" ? start + 2 : start + 1;
  for (;;) {
    k = indexOf(pat, "-", k, end);
    if (k < 0) break;
    chunks.push(pat.slice(from, k));
    from = k + 1;
    k = k + 3;
  }
  const last = pat.slice(from, end);
  if (last.length > 0) chunks.push(last);
  else chunks.at(-1)?.push("-"); // a trailing hyphen is literal
  // Drop reversed ranges (z-a): invalid in a regex, and Python treats them as empty.
  for (let m = chunks.length - 1; m > 0; m--) {
    const left = chunks[m - 1] as string[];
    const right = chunks[m] as string[];
    if (codePoint(left.at(-1)) > codePoint(right[0])) {
      chunks[m - 1] = [...left.slice(0, -1), ...right.slice(1)];
      chunks.splice(m, 1);
    }
  }
  const items = chunks.map((chunk) => chunk.map(escapeInClass).join(""));
  const flat = chunks.flat();
  if (flat.length === 0) return "(?!)"; // empty class: matches nothing
  if (flat.length === 1 && flat[0] === "!") return ANY; // negated empty class: any character
  const negate = flat[0] === "!";
  if (negate) items[0] = (items[0] as string).slice(1); // "!" escapes to itself
  return `[${negate ? "^" : ""}${items.join("-")}]`;
}

function indexOf(pat: readonly string[], ch: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (pat[i] === ch) return i;
  return -1;
}

function codePoint(ch: string | undefined): number {
  return ch === undefined ? -1 : (ch.codePointAt(0) ?? -1);
}

function escapeLiteral(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

/** Inside a `u`-mode class only these may (and these must) be escaped to stay literal. */
function escapeInClass(ch: string): string {
  return ch === "\\" || ch === "]" || ch === "[" || ch === "^" || ch === "-" ? `\\${ch}` : ch;
}
