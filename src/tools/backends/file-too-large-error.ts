import { ActorscopeError } from "../../errors/index.js";
import { BackendErrorCode } from "./backend-error.js";

/**
 * A read would exceed its byte budget. `size` is the size the file reported when it was opened,
 * `null` when it reported less than it held (a file that grew while read, or a `/proc` file that
 * reports 0).
 */
export class FileTooLargeError extends ActorscopeError {
  readonly path: string;
  readonly limit: number;
  readonly size: number | null;

  constructor(path: string, limit: number, size: number | null) {
    const held = size === null ? `more than ${limit} bytes` : `${size} bytes`;
    super(
      BackendErrorCode.BACKEND_FILE_TOO_LARGE,
      `'${path}' holds ${held}; at most ${limit} bytes are read`,
      { data: { path, limit, size } },
    );
    this.path = path;
    this.limit = limit;
    this.size = size;
  }
}
