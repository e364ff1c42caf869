import { TextHasher } from "../../state/text-digest.js";

/** What a streamed text read collected. */
export interface TextWindowResult {
  /**
   * The selected lines, each as `formatLines` takes it: with its ending, or, when it is longer
   * than the cap, cut to one code point past the cap (so it is marked `[truncated]`).
   */
  readonly lines: string[];
  /** The number of the first selected line (the read's `offset`). */
  readonly firstLine: number;
  /** The digest of the whole text; `null` when not asked for or not all of it was read. */
  readonly digest: string | null;
  /** UTF-8 bytes of the text seen so far (all of it when the read reached the end). */
  readonly textBytes: number;
  /** The number of the last line seen in full (`0` when none). */
  readonly completeLines: number;
}

/** Every line boundary of Python's `str.splitlines` once CR and CRLF are made LF. */
// eslint-disable-next-line no-control-regex -- the file/group/record separators are line ends in Python
const BOUNDARY = /[\n\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;

/**
 * Collects lines `offset .. offset+limit-1` of a UTF-8 file fed to it chunk by chunk, as Read
 * shows them (spec §5.2: decoded with replacement, CRLF and CR made LF, split like Python's
 * `splitlines(keepends=True)`), without holding the rest of the file: lines outside the window are
 * counted and dropped, and a line inside it keeps at most `maxLineCharacters + 1` code points.
 * With `digest`, the whole text is hashed as it passes (the read cache's digest).
 *
 * {@link push} says when nothing more is wanted, so a reader can stop early.
 */
export class TextWindow {
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private readonly hasher: TextHasher | null;
  private readonly first: number;
  private readonly end: number;
  private readonly keep: number;
  private readonly selected: string[] = [];
  /** Lines completed so far. */
  private count = 0;
  /** The current line's kept text (inside the window only). */
  private current = "";
  /** Whether the current line was cut (it is longer than the cap). */
  private cut = false;
  /** Whether the current line has any text yet. */
  private started = false;
  private pendingCr = false;
  private bytes = 0;

  constructor(offset: number, limit: number, maxLineCharacters: number, digest: boolean) {
    this.first = offset - 1;
    this.end = offset - 1 + limit;
    this.keep = maxLineCharacters + 1;
    this.hasher = digest ? new TextHasher() : null;
  }

  /** Feeds the next bytes; `false` once the window is full and no digest is being made. */
  push(chunk: Uint8Array): boolean {
    this.text(this.decoder.decode(chunk, { stream: true }));
    return this.hasher !== null || this.count < this.end;
  }

  /**
   * What was collected. `atEnd`: the file was read to its end (else the read stopped early or at
   * its budget, and no digest is given; a partial line is kept only when it was already cut).
   */
  finish(atEnd: boolean): TextWindowResult {
    if (atEnd) {
      this.text(this.decoder.decode());
      if (this.pendingCr) this.normalised("\n");
      this.pendingCr = false;
      if (this.started) this.completeLine("");
    } else if (this.cut && this.inWindow()) {
      this.selected.push(this.current);
    }
    return {
      lines: this.selected,
      firstLine: this.first + 1,
      digest: atEnd && this.hasher !== null ? this.hasher.digest() : null,
      textBytes: this.bytes,
      completeLines: this.count,
    };
  }

  /** Decoded text: CR and CRLF made LF (a CR at a chunk's end waits for the next chunk). */
  private text(decoded: string): void {
    if (decoded === "") return;
    let piece = this.pendingCr ? "\r" + decoded : decoded;
    this.pendingCr = piece.endsWith("\r");
    if (this.pendingCr) piece = piece.slice(0, -1);
    if (piece.includes("\r")) piece = piece.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
    this.normalised(piece);
  }

  private normalised(piece: string): void {
    if (piece === "") return;
    this.hasher?.update(piece);
    this.bytes += Buffer.byteLength(piece, "utf8");
    let start = 0;
    for (const match of piece.matchAll(BOUNDARY)) {
      this.append(piece.slice(start, match.index));
      this.completeLine(match[0]);
      start = match.index + 1;
    }
    this.append(piece.slice(start));
  }

  private append(segment: string): void {
    if (segment === "") return;
    this.started = true;
    if (this.cut || !this.inWindow()) return;
    const joined = this.current + segment;
    // UTF-16 units bound code points from above: only a long line needs counting.
    if (joined.length <= this.keep) {
      this.current = joined;
      return;
    }
    const points = Array.from(joined);
    if (points.length <= this.keep) {
      this.current = joined;
      return;
    }
    this.current = points.slice(0, this.keep).join("");
    this.cut = true;
  }

  private completeLine(ending: string): void {
    if (this.inWindow()) this.selected.push(this.cut ? this.current : this.current + ending);
    this.count++;
    this.current = "";
    this.cut = false;
    this.started = false;
  }

  private inWindow(): boolean {
    return this.count >= this.first && this.count < this.end;
  }
}
