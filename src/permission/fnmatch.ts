/**
 * Python's `fnmatch.fnmatchcase`: the whole string must match; `*` matches any run of characters
 * including `/` (so `/tmp/**` ≡ `/tmp/*`), `?` one character, `[seq]` / `[!seq]` a class;
 * case-sensitive. Compiled patterns are cached: rules are matched on every tool call.
 */
export function fnmatch(name: string, pattern: string): boolean {
  let regex = cache.get(pattern);
  if (regex === undefined) {
    regex = compile(pattern);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, regex);
  }
  return regex.test(name);
}

const CACHE_LIMIT = 1024;
const cache = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let out = "";
  let i = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern.charAt(i++);
    if (c === "*") {
      // Runs of * are one *.
      while (pattern.charAt(i) === "*") i++;
      out += "[\\s\\S]*";
    } else if (c === "?") {
      out += "[\\s\\S]";
    } else if (c === "[") {
      let j = i;
      if (pattern.charAt(j) === "!") j++;
      if (pattern.charAt(j) === "]") j++;
      while (j < n && pattern.charAt(j) !== "]") j++;
      if (j >= n) {
        out += "\\["; // no closing bracket: a literal [
      } else {
        let body = pattern.slice(i, j);
        i = j + 1;
        const negate = body.startsWith("!");
        if (negate) body = body.slice(1);
        // Escape what is special inside a JS class, but keep ranges (a-z) working.
        body = body.replace(/[\\\]^[]/g, "\\$&");
        out += body.length === 0 ? (negate ? "[\\s\\S]" : "(?!)") : `[${negate ? "^" : ""}${body}]`;
      }
    } else {
      out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    }
  }
  return new RegExp(`^(?:${out})$`, "u");
}
