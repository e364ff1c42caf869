import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, stat, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { BackendIoError, errnoOf } from "./backend-error.js";
import {
  DEFAULT_MAX_READ_BYTES,
  type FileKind,
  type FileReader,
  type FileStat,
  type ReadFileOptions,
  type WriteFileOptions,
} from "./execution-backend.js";
import { FileTooLargeError } from "./file-too-large-error.js";
import { NotRegularFileError, type SpecialFileKind } from "./not-regular-file-error.js";

/*
 * The local file system's reads and writes, hardened against what a model can name: a FIFO (an
 * open for reading blocks one of libuv's four fs threads until a writer comes), a device
 * (`/dev/zero` never ends), a socket, a file that grows while it is read, a symlink swapped into
 * the path. The target is stat'ed and refused before it is opened; it is opened with `O_NONBLOCK`
 * (a FIFO swapped in meanwhile does not block the open) and, when asked, `O_NOFOLLOW`; the opened
 * descriptor is stat'ed again and refused unless it is a regular file; every read stops at its
 * byte budget whatever size the file reports.
 */

/** Bytes asked for per `read(2)`. */
const CHUNK_BYTES = 256 * 1024;

// Windows has neither flag; its file system has no FIFOs to open by path.
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

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

/**
 * Writes a regular file (`ExecutionBackend.writeFile`): parents created, an existing target that
 * is not a regular file refused before and after opening, the content replacing what was there.
 */
export async function writeLocalFile(
  target: string,
  shownPath: string,
  data: string | Uint8Array,
  options: WriteFileOptions = {},
): Promise<void> {
  options.signal?.throwIfAborted();
  const follow = options.followSymlinks !== false;
  let handle: FileHandle;
  try {
    await mkdir(dirname(target), { recursive: true });
    await refuseSpecial(target, shownPath, follow, "write");
    // No O_TRUNC: a target swapped for something else is not truncated before it is checked.
    const flags = constants.O_WRONLY | constants.O_CREAT | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW);
    handle = await open(target, flags, 0o666);
  } catch (error) {
    if (error instanceof NotRegularFileError) throw error;
    throw new BackendIoError("write", shownPath, error);
  }
  try {
    await regularStats(handle, shownPath, "write");
    await handle.truncate(0);
    await handle.writeFile(data, { signal: options.signal });
  } catch (error) {
    if (error instanceof NotRegularFileError) throw error;
    throw new BackendIoError("write", shownPath, error);
  } finally {
    await handle.close();
  }
}

/** The backend's view of a path's metadata. */
export function fileStatOf(stats: Stats): FileStat {
  const kind = kindOf(stats);
  const stat = { kind, size: stats.size, mtimeMs: stats.mtimeMs };
  return kind === "other" ? { ...stat, special: specialKindOf(stats) } : stat;
}

/** What a path names, as {@link FileStat.kind} says it. */
export function kindOf(stats: Stats): FileKind {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  if (stats.isSymbolicLink()) return "symlink";
  return "other";
}

/** The precise kind of something that is not a regular file, for the refusal. */
function specialKindOf(stats: Stats): SpecialFileKind {
  if (stats.isDirectory()) return "directory";
  if (stats.isSymbolicLink()) return "symbolic link";
  if (stats.isFIFO()) return "FIFO";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice()) return "character device";
  if (stats.isBlockDevice()) return "block device";
  return "special file";
}

/**
 * Refuses a path that names something other than a regular file, without opening it (opening a
 * device can act on hardware). A path that does not exist passes (the open reports it, or, for
 * a write, creates it).
 */
async function refuseSpecial(
  target: string,
  shownPath: string,
  follow: boolean,
  operation: "read" | "write",
): Promise<void> {
  let stats: Stats;
  try {
    stats = follow ? await stat(target) : await lstat(target);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === "ENOENT" || errno === "ENOTDIR") return;
    throw new BackendIoError(operation, shownPath, error);
  }
  // A symlink here (not followed) is for the open to refuse with ELOOP, like one swapped in later.
  if (!stats.isFile() && !stats.isSymbolicLink()) {
    throw new NotRegularFileError(shownPath, specialKindOf(stats));
  }
}

/** The opened descriptor's metadata, refused unless it is a regular file. */
async function regularStats(
  handle: FileHandle,
  shownPath: string,
  operation: "read" | "write",
): Promise<Stats> {
  let stats: Stats;
  try {
    stats = await handle.stat();
  } catch (error) {
    throw new BackendIoError(operation, shownPath, error);
  }
  if (!stats.isFile()) throw new NotRegularFileError(shownPath, specialKindOf(stats));
  return stats;
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
