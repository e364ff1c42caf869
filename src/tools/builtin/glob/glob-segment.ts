/**
 * The matcher of one glob segment (a file or directory name), as the reference's glob helper
 * compiles it: `*` is any run of characters (dot-files included), `?` one character, and every
 * other character is literal — there are no `[…]` classes or `{…}` alternatives.
 */
export function globSegmentMatcher(segment: string): (name: string) => boolean {
  let source = "";
  for (const ch of segment) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += /[.^$+{}[\]|()\\/]/.test(ch) ? `\\${ch}` : ch;
  }
  const regex = new RegExp(`^${source}$`, "u");
  return (name) => regex.test(name);
}

/** A pattern's segments: split on `/` or `\`, empty segments dropped (`"a//b/"` → `a`, `b`). */
export function globSegments(pattern: string): string[] {
  return pattern.split(/[\\/]+/).filter((part) => part !== "");
}
