/*
 * Python's `str.count` and `str.replace`, which Edit's texts and results follow. They differ from
 * JavaScript's at the edges: an empty needle matches between every two characters (code points),
 * and a replacement string is literal (no `$&` patterns).
 */

/** Python's `text.count(needle)`: non-overlapping occurrences, left to right. */
export function pyCount(text: string, needle: string): number {
  if (needle === "") return Array.from(text).length + 1;
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    count++;
  }
  return count;
}

/** Python's `text.replace(needle, replacement)` (every occurrence) or with `count=1` (the first). */
export function pyReplace(text: string, needle: string, replacement: string, all: boolean): string {
  if (needle === "") {
    if (!all) return replacement + text;
    return replacement + Array.from(text).join(replacement) + (text === "" ? "" : replacement);
  }
  if (all) return text.split(needle).join(replacement);
  const at = text.indexOf(needle);
  return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + needle.length);
}
