import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { BackendIoError } from "./backend-error.js";
import {
  DEFAULT_MAX_READ_BYTES,
  type FileReader,
  type FileStat,
  type ReadFileOptions,
} from "./execution-backend.js";
import { FileTooLargeError } from "./file-too-large-error.js";
import {
  fileStatOf,
  O_NOFOLLOW,
  O_NONBLOCK,
  refuseSpecial,
  regularStats,
} from "./local-file-kind.js";

/*
 * The local file system's reads, hardened against what a model can name: a FIFO (an
 * open for reading blocks one of libuv's four fs threads until a writer comes), a device
 * (`/dev/zero` never ends), a socket, a file that grows while it is read, a symlink swapped into
 * the path. The target is stat'ed and refused before it is opened; it is opened with `O_NONBLOCK`
 * (a FIFO swapped in meanwhile does not block the open) and, when asked, `O_NOFOLLOW`; the opened
 * descriptor is stat'ed again and refused unless it is a regular file; every read stops at its
 * byte budget whatever size the file reports.
 */

/** Bytes asked for per `read(2)`. */
const CHUNK_BYTES = 256 * 1024;

/** Opens a regular file for reading in chunks (`ExecutionBackend.openFile`). */
export async function openLocalFile(
  target: string,
  shownPath: string,
  options: ReadFileOptions = {},
): Promise<FileReader> {
  options.signal?.throwIfAborted();
  const follow = options.followSymlinks !== false;
  await refuseSpecial(target, shownPath, follow, "read");
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_RDONLY | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW));
  } catch (error) {
    throw new BackendIoError("read", shownPath, error);
  }
  try {
    const stats = await regularStats(handle, shownPath, "read");
    return new LocalFileReader(handle, shownPath, stats, options);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A whole regular file within the budget (`ExecutionBackend.readFile`). */
export async function readLocalFile(
  target: string,
  shownPath: string,
  options: ReadFileOptions = {},
): Promise<Uint8Array> {
  const reader = await openLocalFile(target, shownPath, options);
  try {
    const limit = options.maxBytes ?? DEFAULT_MAX_READ_BYTES;
    // Refused before a byte is read when the file says it is too large.
    if (reader.stat.size > limit) throw new FileTooLargeError(shownPath, limit, reader.stat.size);
    const chunks: Uint8Array[] = [];
    for (let chunk = await reader.read(); chunk !== null; chunk = await reader.read()) {
      chunks.push(chunk);
    }
    return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  } finally {
    await reader.close();
  }
}

/** Reads an opened regular file in chunks, never past its budget. */
class LocalFileReader implements FileReader {
  readonly stat: FileStat;
  private readonly limit: number;
  private readonly signal: AbortSignal | undefined;
  private total = 0;
  /** Whether the file held more than the budget (what was within it has been handed out). */
  private over = false;
  private closed = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly shownPath: string,
    stats: Stats,
    options: ReadFileOptions,
  ) {
    this.stat = fileStatOf(stats);
    this.limit = options.maxBytes ?? DEFAULT_MAX_READ_BYTES;
    this.signal = options.signal;
  }

  async read(): Promise<Uint8Array | null> {
    this.signal?.throwIfAborted();
    if (this.over) throw this.tooLarge();
    // One byte past the budget tells a file that holds more from one that ends there.
    const want = Math.min(CHUNK_BYTES, this.limit - this.total + 1);
    const buffer = Buffer.allocUnsafe(want);
    let bytesRead: number;
    try {
      ({ bytesRead } = await this.handle.read(buffer, 0, want, null));
    } catch (error) {
      throw new BackendIoError("read", this.shownPath, error);
    }
    this.signal?.throwIfAborted();
    if (bytesRead === 0) return null;
    if (this.total + bytesRead > this.limit) {
      // The bytes within the budget are handed out; the next read reports the overflow.
      this.over = true;
      const kept = this.limit - this.total;
      this.total = this.limit;
      if (kept === 0) throw this.tooLarge();
      return buffer.subarray(0, kept);
    }
    this.total += bytesRead;
    return buffer.subarray(0, bytesRead);
  }

  private tooLarge(): FileTooLargeError {
    const reported = this.stat.size > this.limit ? this.stat.size : null;
    return new FileTooLargeError(this.shownPath, this.limit, reported);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }
}
