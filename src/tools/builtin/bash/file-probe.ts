import { lstat, stat } from "node:fs/promises";

/** What is on the disk at a path, for the checks that look: kind and number of names. */
export interface FileProbe {
  readonly directory: boolean;
  readonly file: boolean;
  readonly symlink: boolean;
  /** Hard links to the inode (a regular file with more than one has other names elsewhere). */
  readonly links: number;
}

/**
 * Looks at `path` — what it leads to (`follow`), or the entry itself — or `null` when nothing is
 * there (or it cannot be looked at, which the callers treat the same: not provable).
 */
export async function probeFile(path: string, follow: boolean): Promise<FileProbe | null> {
  try {
    const found = follow ? await stat(path) : await lstat(path);
    return {
      directory: found.isDirectory(),
      file: found.isFile(),
      symlink: found.isSymbolicLink(),
      links: found.nlink,
    };
  } catch {
    return null;
  }
}
