import { constants } from "node:fs";
import { copyFile, link, open, unlink } from "node:fs/promises";
import { writeFileAtomic, writeTempBeside } from "../tools/index.js";
import { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";

/*
 * How the workspace writes files so that no reader ever sees one half-written: the bytes go to a
 * temporary file in the same directory (`writeTempBeside`), flushed to disk, and the finished file
 * is then put in place in one step (a hard link for a new file, which fails if the name is taken;
 * a rename to replace one, `writeFileAtomic`). Neither step follows a symlink planted at the
 * target name.
 */

/**
 * Creates `path` with `data`, atomically, unless the name is taken (then nothing is written and
 * the answer is false). Two writers racing for one name: exactly one wins.
 */
export async function createFileAtomically(
  path: string,
  data: string | Uint8Array,
): Promise<boolean> {
  const temp = await writeTempBeside(path, data, 0o644);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (errno(error) === "EEXIST") return false;
    // File systems without hard links: an exclusive copy still never overwrites.
    if (!["EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV"].includes(errno(error) ?? "")) throw error;
    try {
      await copyFile(temp, path, constants.COPYFILE_EXCL);
      return true;
    } catch (copyError) {
      if (errno(copyError) === "EEXIST") return false;
      throw copyError;
    }
  } finally {
    await unlink(temp);
  }
}

/** Replaces (or creates) `path` with `data` in one step: a reader sees the old or the new file. */
export function replaceFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  return writeFileAtomic(path, data, 0o644);
}

/**
 * A regular file's text, or "" when it does not exist. A symlink at `path` is refused: reading
 * through it could pull a file from outside the workspace into it.
 */
export async function readOwnFile(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (errno(error) === "ENOENT") return "";
    if (errno(error) === "ELOOP") {
      throw new WorkspaceError(
        WorkspaceErrorCode.WORKSPACE_PATH_ESCAPE,
        `'${path}' is a symlink; the workspace does not follow symlinks it writes through.`,
        { path, cause: error },
      );
    }
    throw error;
  }
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

export function errno(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}
