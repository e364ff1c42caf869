import { BackendIoError } from "../../backends/backend-error.js";
import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { FileTooLargeError } from "../../backends/file-too-large-error.js";
import {
  NotRegularFileError,
  type SpecialFileKind,
} from "../../backends/not-regular-file-error.js";
import type { ToolChunk } from "../../tool-chunk.js";
import type { FilePathGuard } from "./file-path-guard.js";
import { FileToolErrorCode } from "./file-tool-error-code.js";
import { errorChunk } from "./result-chunks.js";

/** Where one call of a file tool acts: the requested path and the real path the guard admitted. */
export interface FileAccess {
  readonly backend: ExecutionBackend;
  readonly guard: FilePathGuard;
  /** The path as the model gave it (used in every text the model reads). */
  readonly filePath: string;
  /** Its real path, where the I/O goes (never through a symlink: it is opened with O_NOFOLLOW). */
  readonly real: string;
  readonly signal: AbortSignal;
}

/**
 * The file's bytes, at most `maxBytes` of them, or `null` when a symlink was swapped into its
 * path during the read. Rejects with the backend's typed errors (see {@link ioRefusal}).
 */
export async function readBytes(access: FileAccess, maxBytes: number): Promise<Uint8Array | null> {
  const bytes = await access.backend.readFile(access.real, {
    signal: access.signal,
    maxBytes,
    followSymlinks: false,
  });
  return (await access.guard.unchanged(access.real)) ? bytes : null;
}

/**
 * Writes the file (parents created, a non-regular target refused); `false` when a symlink was
 * swapped into its path during the write (the content may then have gone elsewhere).
 */
export async function writeText(access: FileAccess, content: string): Promise<boolean> {
  await access.backend.writeFile(access.real, content, {
    signal: access.signal,
    followSymlinks: false,
  });
  return access.guard.unchanged(access.real);
}

/**
 * The `error` chunk for what the backend refused on a model's behalf, `null` for any other
 * failure (the caller reports it with the reference's text):
 * - not a regular file (a FIFO, socket or device, maybe swapped in after the stat):
 *   `"Error: Path is a FIFO, not a regular file: {p}"`, code `NOT_A_REGULAR_FILE`;
 * - over the byte budget: `tooLarge(error)`, code `FILE_TOO_LARGE`;
 * - a symlink swapped in as the last component (the `O_NOFOLLOW` open refused it): nothing was
 *   touched, code `PATH_CHANGED_DURING_IO`.
 */
export function ioRefusal(
  error: unknown,
  filePath: string,
  tooLarge: (error: FileTooLargeError) => string,
): ToolChunk | null {
  if (error instanceof NotRegularFileError) return notRegularFileChunk(filePath, error.kind);
  if (error instanceof FileTooLargeError) {
    return errorChunk(tooLarge(error), FileToolErrorCode.FILE_TOO_LARGE);
  }
  if (error instanceof BackendIoError && (error.errno === "ELOOP" || error.errno === "EMLINK")) {
    return errorChunk(
      `Error: ${filePath} was replaced by a symbolic link just before it was opened; nothing ` +
        "was read or written. Request it again so it is checked again.",
      FileToolErrorCode.PATH_CHANGED_DURING_IO,
    );
  }
  return null;
}

/**
 * The refusal of a path that names no regular file: the spec's text for a directory, else
 * `"Error: Path is a FIFO, not a regular file: {p}"` with code `NOT_A_REGULAR_FILE`.
 */
export function notRegularFileChunk(filePath: string, kind: SpecialFileKind): ToolChunk {
  if (kind === "directory")
    return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
  return errorChunk(
    `Error: Path is a ${kind}, not a regular file: ${filePath}`,
    FileToolErrorCode.NOT_A_REGULAR_FILE,
  );
}

/** `"{size} bytes"` or `"more than {limit} bytes"` (a file that reported less than it held). */
export function heldBytes(error: FileTooLargeError): string {
  return error.size === null ? `more than ${error.limit} bytes` : `${error.size} bytes`;
}
