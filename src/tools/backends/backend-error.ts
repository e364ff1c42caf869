import { ActorscopeError } from "../../errors/index.js";

/** Stable codes of the execution backends' errors. */
export const BackendErrorCode = {
  /** A file operation failed (`errno` says why: `ENOENT`, `EACCES`, `EISDIR`, …). */
  BACKEND_IO_FAILED: "BACKEND_IO_FAILED",
  /** The path names a directory, FIFO, socket or device where a regular file is needed. */
  BACKEND_NOT_A_REGULAR_FILE: "BACKEND_NOT_A_REGULAR_FILE",
  /** The file holds more bytes than the read's budget. */
  BACKEND_FILE_TOO_LARGE: "BACKEND_FILE_TOO_LARGE",
} as const;

/** A backend file operation failed. `errno` is the system's code, when there is one. */
export class BackendIoError extends ActorscopeError {
  readonly operation: string;
  readonly path: string;
  readonly errno: string | null;

  constructor(operation: string, path: string, cause: unknown) {
    const errno = errnoOf(cause);
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(BackendErrorCode.BACKEND_IO_FAILED, `Cannot ${operation} '${path}': ${reason}`, {
      cause,
      data: { operation, path, errno },
    });
    this.operation = operation;
    this.path = path;
    this.errno = errno;
  }
}

/** The `code` of a Node system error (`ENOENT`), or `null`. */
export function errnoOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}
