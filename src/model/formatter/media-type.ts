/** What the OpenAI formatters accept by default (the reference's list). */
export const DEFAULT_INPUT_MEDIA_TYPES: readonly string[] = Object.freeze([
  "text/plain",
  "image/*",
  "audio/*",
  "application/pdf",
]);

const patterns = new Map<string, RegExp>();

/**
 * fnmatch-style match of a media type against a pattern (`*` any run, `?` one character,
 * `[…]` a class), as the reference matches `supported_input_media_types`.
 */
export function matchesMediaType(mediaType: string, pattern: string): boolean {
  let regex = patterns.get(pattern);
  if (regex === undefined) {
    regex = compile(pattern);
    patterns.set(pattern, regex);
  }
  return regex.test(mediaType);
}

/** True when any of `patterns` matches. */
export function isSupportedMediaType(mediaType: string, supported: readonly string[]): boolean {
  return supported.some((pattern) => matchesMediaType(mediaType, pattern));
}

function compile(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else if (char === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close === -1) source += "\\[";
      else {
        let body = pattern.slice(i + 1, close).replaceAll("\\", "\\\\");
        if (body.startsWith("!")) body = `^${body.slice(1)}`;
        source += `[${body}]`;
        i = close;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s");
}
