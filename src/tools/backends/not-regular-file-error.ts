import { ActorscopeError } from "../../errors/index.js";
import { BackendErrorCode } from "./backend-error.js";

/**
 * What a path names when it is not a regular file. Opening a FIFO blocks until a writer comes,
 * reading a device (`/dev/zero`) never ends, and opening some devices acts on hardware, so file
 * operations refuse all of them.
 */
export type SpecialFileKind =
  | "directory"
  | "symbolic link"
  | "FIFO"
  | "socket"
  | "character device"
  | "block device"
  | "special file";

/**
 * A file operation met something other than a regular file and refused it, before opening it
 * when the path already named one, else right after opening (the descriptor's own metadata).
 */
export class NotRegularFileError extends ActorscopeError {
  readonly path: string;
  readonly kind: SpecialFileKind;

  constructor(path: string, kind: SpecialFileKind) {
    super(
      BackendErrorCode.BACKEND_NOT_A_REGULAR_FILE,
      `'${path}' is a ${kind}, not a regular file; only regular files are read or written`,
      { data: { path, kind } },
    );
    this.path = path;
    this.kind = kind;
  }
}
