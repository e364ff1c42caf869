import { BackendIoError } from "./backend-error.js";
import type { ExecutionBackend, FileReader, ReadFileOptions } from "./execution-backend.js";
import { NotRegularFileError } from "./not-regular-file-error.js";

/**
 * Opens a regular file for reading in chunks on any backend: its own `openFile` when it has one,
 * else its `stat` and a budgeted `readFile` handed out as one chunk (the budget still holds; the
 * early stop does not).
 */
export async function openFileReader(
  backend: Pick<ExecutionBackend, "openFile" | "readFile" | "stat">,
  path: string,
  options: ReadFileOptions = {},
): Promise<FileReader> {
  if (backend.openFile !== undefined) return backend.openFile(path, options);
  const stat = await backend.stat(path, { followSymlinks: options.followSymlinks !== false });
  if (stat === null) {
    const missing = Object.assign(new Error("no such file or directory"), { code: "ENOENT" });
    throw new BackendIoError("read", path, missing);
  }
  if (stat.kind !== "file") {
    throw new NotRegularFileError(path, stat.kind === "directory" ? "directory" : "special file");
  }
  let done = false;
  return {
    stat,
    read: async () => {
      if (done) return null;
      done = true;
      const bytes = await backend.readFile(path, options);
      return bytes.byteLength === 0 ? null : bytes;
    },
    close: () => {
      done = true;
      return Promise.resolve();
    },
  };
}
