/**
 * Lines as Read shows them (spec §5.2, `cat -n` style): `lines[offset-1 : offset-1+limit]`, each
 * without its line ending, cut to `maxLineCharacters` characters plus `"[truncated]"`, prefixed
 * with its number right-aligned in 6 columns and a tab (`f"{lineno:6d}\t{content}"`), joined by
 * `"\n"` with no final newline (an empty selection is `""`).
 */
export function formatLines(
  lines: readonly string[],
  offset: number,
  limit: number,
  maxLineCharacters: number,
): string {
  return formatNumberedLines(
    lines.slice(offset - 1, offset - 1 + limit),
    offset,
    maxLineCharacters,
  );
}

/** {@link formatLines} of lines already selected, the first of them numbered `firstLine`. */
export function formatNumberedLines(
  selected: readonly string[],
  firstLine: number,
  maxLineCharacters: number,
): string {
  return selected
    .map((line, i) => {
      let content = line.replace(/[\n\r]+$/, "");
      // Python counts characters (code points), not UTF-16 units; only long lines need the count.
      if (content.length > maxLineCharacters) {
        const chars = Array.from(content);
        if (chars.length > maxLineCharacters) {
          content = chars.slice(0, maxLineCharacters).join("") + "[truncated]";
        }
      }
      return `${String(firstLine + i).padStart(6)}\t${content}`;
    })
    .join("\n");
}
