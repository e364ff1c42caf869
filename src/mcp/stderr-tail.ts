import type { Stream } from "node:stream";

/** How much of a stdio server's stderr is kept for error messages. */
export const STDERR_TAIL_BYTES = 16 * 1024;

/**
 * The last {@link STDERR_TAIL_BYTES} of a child's stderr: read so the pipe never fills up and
 * blocks the server, kept so an error can say why the server died, and never printed over the
 * user's terminal. Memory stays bounded however much the server writes.
 */
export class StderrTail {
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** Whether anything was dropped, so the kept text starts mid-line. */
  #truncated = false;
  readonly #limit: number;

  constructor(limit = STDERR_TAIL_BYTES) {
    this.#limit = limit;
  }

  /** Reads `stream` until it ends. */
  attach(stream: Stream | null): void {
    stream?.on("data", (chunk: Buffer | string) => {
      this.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    });
  }

  push(chunk: Buffer): void {
    if (chunk.length >= this.#limit) {
      this.#chunks = [chunk.subarray(chunk.length - this.#limit)];
      this.#bytes = this.#limit;
      this.#truncated = true;
      return;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    while (this.#bytes - (this.#chunks[0]?.length ?? 0) >= this.#limit) {
      this.#bytes -= this.#chunks.shift()?.length ?? 0;
      this.#truncated = true;
    }
  }

  /** The kept text, trimmed; `""` when the server wrote nothing. */
  text(): string {
    let bytes = Buffer.concat(this.#chunks);
    if (bytes.length > this.#limit) bytes = bytes.subarray(bytes.length - this.#limit);
    const cut = this.#truncated;
    const text = bytes.toString("utf8");
    // A cut starts mid-line (maybe mid-character): drop that partial first line.
    return (cut ? text.slice(text.indexOf("\n") + 1) : text).trim();
  }

  /** ` Its stderr ends with: …` for an error message, or `""`. The last 2,000 characters at most. */
  suffix(): string {
    const text = this.text();
    if (text === "") return "";
    return ` Its stderr ends with:\n${text.length > 2000 ? `…${text.slice(-2000)}` : text}`;
  }
}
