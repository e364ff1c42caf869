/**
 * Collects a stream's bytes up to a limit and drops the rest as it arrives, so a command that
 * prints gigabytes costs at most `limit` bytes of memory. It still counts what it dropped.
 */
export class CappedBuffer {
  private readonly chunks: Uint8Array[] = [];
  private kept = 0;
  private seen = 0;

  constructor(private readonly limit: number) {}

  /** Adds a chunk, keeping only what fits under the limit. */
  push(chunk: Uint8Array): void {
    this.seen += chunk.byteLength;
    const room = this.limit - this.kept;
    if (room <= 0) return;
    const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.byteLength;
  }

  /** Whether anything was dropped. */
  get truncated(): boolean {
    return this.seen > this.kept;
  }

  /** Every byte seen, kept or not. */
  get totalBytes(): number {
    return this.seen;
  }

  /** The kept bytes, as one array. */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.kept);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}
