import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { FileToolErrorCode } from "./file-tool-error-code.js";
import { PathCheckLedger } from "./path-check-ledger.js";
import { pathFlavour } from "./python-path.js";
import { resolveRealPath } from "./real-path.js";
import { errorChunk } from "./result-chunks.js";
import type { ToolChunk } from "../../tool-chunk.js";

/** Why `call` must not act on a requested path: the text the model reads and a stable code. */
export interface PathRefusal {
  readonly message: string;
  readonly code: FileToolErrorCode;
}

/** What `call` may do with a requested path: act on its real path, or refuse. */
export type PathAdmission =
  { readonly ok: true; readonly real: string } | ({ readonly ok: false } & PathRefusal);

/**
 * The tool's judgement of a path that leads through a symlink (`real` differs from `requested`)
 * when no permission check of this process recorded it: the check ran in another process (a
 * parked call resumed after a restart), by another instance of the tool, or not at all. It
 * re-checks the real path as the permission check would, and refuses what the check would have
 * asked about.
 */
export type UncheckedPathJudge = (
  requested: string,
  real: string,
) => PathRefusal | null | Promise<PathRefusal | null>;

/**
 * Keeps Read, Write and Edit from following a symlink out of what their permission check saw.
 *
 * The permission check judges the path the model asked for; the file system follows symlinks.
 * So the check resolves the real path too and records it ({@link inspect}), and `call` resolves
 * it again and acts on the *real* path only if ({@link admit}):
 * - no symlink on the way dangles or loops (writing through a dangling link creates its target,
 *   wherever it points);
 * - when a check of this path was recorded, the real path is one the check saw (a link created
 *   or swapped after the check, such as a parent directory replaced by a link to `/etc`, is
 *   refused);
 * - when none was (the check ran in another process, or not at all), the tool's
 *   {@link UncheckedPathJudge} re-checks the real path: a harmless-looking path that now leads to
 *   a sensitive file, or out of the working directories, is refused. So a decision survives a
 *   resume: a Write parked for a confirmation and approved in a new process still refuses a
 *   symlink swapped in meanwhile.
 *
 * I/O then goes to the real path, opened without following a final symlink (`O_NOFOLLOW`), so
 * swapping links on the requested path no longer matters, and {@link unchanged} detects a link
 * swapped into a directory of the real path during the I/O itself. What remains is such a swap
 * in the instant between the two, which only an open-without-following on every component
 * (`openat2` with `RESOLVE_NO_SYMLINKS`, not available to Node) could close.
 */
export class FilePathGuard {
  private readonly ledger = new PathCheckLedger();

  constructor(private readonly backend: ExecutionBackend) {}

  /**
   * At permission-check time: the real path of `filePath` (absolute), recorded as seen by the
   * check; `null` when a symlink on the way cannot be resolved.
   */
  async inspect(filePath: string): Promise<string | null> {
    const real = await resolveRealPath(this.backend, filePath);
    if (real !== null) this.ledger.record(this.normalise(filePath), real);
    return real;
  }

  /** At call time: where the call may act for `filePath` (absolute), or why it must not. */
  async admit(filePath: string, judge: UncheckedPathJudge): Promise<PathAdmission> {
    const requested = this.normalise(filePath);
    const real = await resolveRealPath(this.backend, filePath);
    if (real === null) {
      return {
        ok: false,
        code: FileToolErrorCode.SYMLINK_UNRESOLVABLE,
        message:
          `Error: ${filePath} goes through a symbolic link that cannot be resolved (its target ` +
          "does not exist, or it loops). The file was not touched; use the real path instead.",
      };
    }
    const checked = this.ledger.realPathsOf(requested);
    if (checked !== undefined) {
      if (checked.has(real)) return { ok: true, real };
      return {
        ok: false,
        code: FileToolErrorCode.PATH_CHANGED_SINCE_CHECK,
        message:
          `Error: ${filePath} now resolves to ${real}, but the permission check approved it when ` +
          `it resolved to ${[...checked].join(", ")}. A symbolic link on the path was created or ` +
          "changed after the check; the file was not touched. Request the real path so it is " +
          "checked again.",
      };
    }
    if (real === requested) return { ok: true, real };
    const refusal = await judge(requested, real);
    return refusal === null ? { ok: true, real } : { ok: false, ...refusal };
  }

  /**
   * After reading or writing `real`: whether it is still its own real path (no symlink was
   * swapped into it meanwhile). A path that is gone and is no link counts as unchanged.
   */
  async unchanged(real: string): Promise<boolean> {
    try {
      return (await this.backend.realpath(real)) === real;
    } catch {
      try {
        return (await this.backend.stat(real, { followSymlinks: false })) === null;
      } catch {
        return false;
      }
    }
  }

  private normalise(filePath: string): string {
    return pathFlavour(this.backend).normalize(filePath);
  }
}

/** The `error` chunk of a call whose path changed while it was read (`wrote`: or written). */
export function changedDuringIoChunk(filePath: string, wrote: boolean): ToolChunk {
  return errorChunk(
    wrote
      ? `Error: a symbolic link on the path of ${filePath} was created or swapped while it was ` +
          "being written, so the content may have gone elsewhere. Check the file before relying on it."
      : `Error: a symbolic link on the path of ${filePath} was created or swapped while it was ` +
          "being read; the content was discarded. Read it again.",
    FileToolErrorCode.PATH_CHANGED_DURING_IO,
  );
}
