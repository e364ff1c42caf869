/*
 * Python's line handling, which the read cache and the diffs reproduce so that cache entries and
 * diffs are the same whether AgentScope or actorscope wrote them.
 */

/** Every line boundary of Python's `str.splitlines` (CRLF first, so it counts as one). */
// eslint-disable-next-line no-control-regex -- the file/group/record separators are line ends in Python
const LINE_BOUNDARY = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;

/**
 * Python's `text.splitlines(keepends=True)`: the lines with their endings, no empty last line
 * (`"a\nb\n"` → `["a\n", "b\n"]`, `""` → `[]`).
 */
export function splitLinesKeepEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (const match of text.matchAll(LINE_BOUNDARY)) {
    const end = match.index + match[0].length;
    lines.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** CRLF and lone CR become LF (Windows and old Mac text files read like Unix ones). */
export function normalizeNewlines(text: string): string {
  return text.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
}

/**
 * UTF-8 bytes as text, invalid sequences replaced by U+FFFD (Python's `errors="replace"`). A
 * byte-order mark is kept as a character, as Python's `utf-8` codec keeps it.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** UTF-8 bytes as text, or `null` when they are not valid UTF-8 (Python's strict decode). */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
