import { constants } from "node:fs";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { BackendIoError } from "./backend-error.js";
import type { WriteFileOptions } from "./execution-backend.js";
import { O_NOFOLLOW, O_NONBLOCK, refuseSpecial, regularStats } from "./local-file-kind.js";
import { NotRegularFileError } from "./not-regular-file-error.js";

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
