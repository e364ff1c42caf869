import { constants, type Stats } from "node:fs";
import { lstat, stat, type FileHandle } from "node:fs/promises";
import { BackendIoError, errnoOf } from "./backend-error.js";
import type { FileKind, FileStat } from "./execution-backend.js";
import { NotRegularFileError, type SpecialFileKind } from "./not-regular-file-error.js";

/*
 * What the local file operations check before and after opening a path: a path that names no
 * regular file is refused unopened (opening a FIFO blocks one of libuv's four fs threads until a
 * writer comes; opening some devices acts on hardware), and an opened descriptor is refused
 * unless it is a regular file (something swapped in between the two).
 */

// Windows has neither flag; its file system has no FIFOs to open by path.
/** Open without blocking: a FIFO swapped in after the check does not hold the open. */
export const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
/** Open without following a symlink as the last component (`ELOOP` instead). */
export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

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
export function specialKindOf(stats: Stats): SpecialFileKind {
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
export async function refuseSpecial(
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
export async function regularStats(
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
