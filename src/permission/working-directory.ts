import { realpath } from "node:fs/promises";
import { basename, dirname, join, sep } from "node:path";
import type { PermissionContext } from "./permission-context.js";
import { absolutePath } from "./expand-home.js";

/**
 * Python's non-strict `realpath`: resolves symlinks as far as the path exists, then appends the
 * rest, so a file about to be created still resolves through a symlinked parent.
 */
export async function realpathLoose(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Whether `path` is inside a working directory: the process cwd or a key of
 * `context.working_directories`. Both sides are resolved to real paths first (`~` expanded,
 * symlinks followed both ways), and inside means equal or below.
 */
export async function isInWorkingDirectory(
  path: string,
  context: Pick<PermissionContext, "working_directories">,
  cwd: string = process.cwd(),
): Promise<boolean> {
  const target = await realpathLoose(absolutePath(path, cwd));
  const candidates = [cwd, ...Object.keys(context.working_directories)];
  for (const candidate of candidates) {
    const root = await realpathLoose(absolutePath(candidate, cwd));
    if (target === root) return true;
    const prefix = root.endsWith(sep) ? root : root + sep;
    if (target.startsWith(prefix)) return true;
  }
  return false;
}
