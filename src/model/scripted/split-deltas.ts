/**
 * Splits `text` into pieces of at most `size` UTF-16 units, never inside a surrogate pair, so a
 * scripted answer streams as several deltas. The empty string gives one empty piece.
 */
export function splitDeltas(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    // Keep a high surrogate with its low half.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && end - start > 1) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
