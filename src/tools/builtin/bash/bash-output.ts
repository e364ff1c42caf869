/** Output longer than this many characters is cut (spec §5.1). */
export const OUTPUT_LIMIT_CHARS = 30_000;

/**
 * Bytes kept per output stream while a command runs. A UTF-8 character is at most 4 bytes (and
 * an invalid byte decodes to one character), so this many bytes always decode to more than
 * {@link OUTPUT_LIMIT_CHARS} characters: the texts below come out exactly as if nothing had
 * been dropped, while memory stays bounded.
 */
export const OUTPUT_CAP_BYTES = OUTPUT_LIMIT_CHARS * 4 + 4;

const TRUNCATED = "\n... (output truncated)";

/** Decodes a stream as UTF-8 (invalid bytes become U+FFFD) with Windows line ends made `\n`. */
export function decodeOutput(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes).replaceAll("\r\n", "\n");
}

/** `text` cut to {@link OUTPUT_LIMIT_CHARS} characters with the reference's marker. */
export function truncateOutput(text: string): string {
  return text.length > OUTPUT_LIMIT_CHARS ? text.slice(0, OUTPUT_LIMIT_CHARS) + TRUNCATED : text;
}

/** A successful command's text: stdout, a newline, stderr (spec §5.1). */
export function successText(stdout: string, stderr: string): string {
  let output = stdout;
  if (stderr !== "") {
    if (output !== "") output += "\n";
    output += stderr;
  }
  return truncateOutput(output);
}

/** A failed command's text: `Command failed: {command}\n` and its streams (spec §5.1). */
export function failureText(command: string, stdout: string, stderr: string): string {
  let text = `Command failed: ${command}\n`;
  if (stdout !== "") text += `\nStdout:\n${stdout}`;
  if (stderr !== "") text += `\nStderr:\n${stderr}`;
  return truncateOutput(text);
}

/** A timed-out command's text (spec §11.51). */
export function timeoutText(command: string, timeoutMs: number): string {
  return `Command timed out after ${timeoutMs}ms: ${command}`;
}

/** The text when running the command itself failed (spec §5.1). */
export function errorText(command: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Command failed: ${command}\nError: ${message}`;
}
