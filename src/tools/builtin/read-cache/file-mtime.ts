import type { ExecutionBackend } from "../../backends/execution-backend.js";

/**
 * A file's modification time in seconds (a float, like Python's `os.path.getmtime`, the unit the
 * read cache stores), following symlinks; `null` when it cannot be stat'ed.
 */
export async function fileMtime(
  backend: Pick<ExecutionBackend, "stat">,
  path: string,
): Promise<number | null> {
  try {
    const stat = await backend.stat(path);
    return stat === null ? null : mtimeSeconds(stat.mtimeMs);
  } catch {
    return null;
  }
}

/** Milliseconds (what backends report) as the seconds the cache stores. */
export function mtimeSeconds(mtimeMs: number): number {
  return mtimeMs / 1000;
}
