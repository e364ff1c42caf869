import { posix, win32 } from "node:path";
import type { ExecutionBackend } from "../../backends/execution-backend.js";

/** The path flavour of a backend's machine (`posix` or `win32`), for paths that live there. */
export function pathFlavour(backend: Pick<ExecutionBackend, "platform">): typeof posix {
  return backend.platform === "windows" ? win32 : posix;
}

/**
 * Python's `posixpath.dirname`: everything before the last `/`, trailing slashes removed unless
 * it is all slashes (`"/test.py"` → `"/"`, `"test.py"` → `""`, not Node's `"."`).
 */
export function pyDirname(path: string): string {
  const head = path.slice(0, path.lastIndexOf("/") + 1);
  if (head === "" || /^\/+$/.test(head)) return head;
  return head.replace(/\/+$/, "");
}

/**
 * The permission rule a file tool suggests (spec §4): the file's parent directory and everything
 * below it, `dirname(p).rstrip("/\\") + "/**"`, or `"**"` for a bare name (`/test.py` → `/**`).
 */
export function parentDirectoryPattern(filePath: string): string {
  const parent = pyDirname(filePath);
  return parent === "" ? "**" : parent.replace(/[/\\]+$/, "") + "/**";
}
