import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, normalize, sep } from "node:path";
import type { PermissionContext } from "./permission-context.js";
import { expandHome } from "./expand-home.js";

/**
 * Python's non-strict `realpath`: resolves symlinks as far as the path exists, then appends the
 * rest, so a file about to be created still resolves through a symlinked parent. `..` is
 * resolved physically (after the symlink before it), as the OS does when it opens the path:
 * `/wd/link/../x` with `link → /elsewhere/d` is `/elsewhere/x`, not `/wd/x`.
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
      if (parent === current) return normalize(path);
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Whether `path` is inside a working directory: the process cwd (always) or a key of
 * `context.working_directories`. Both sides are resolved to real paths first (`~` expanded,
 * symlinks followed both ways), and inside means equal to a directory or below it
 * (`/tmp/ab` is not inside `/tmp/a`).
 *
 * As in the reference, "below" is tested as a prefix ending in the separator, so a working
 * directory of `/` contains only `/` itself: a process started in `/` (a container's default)
 * does not auto-allow edits anywhere on the disk.
 *
 * @param cwd The process cwd (default `process.cwd()`), also the base of relative paths.
 */
export async function isInWorkingDirectory(
  path: string,
  context: Pick<PermissionContext, "working_directories">,
  cwd: string = process.cwd(),
): Promise<boolean> {
  const target = await realpathLoose(unnormalisedAbsolute(path, cwd));
  if (await contains(cwd, target, cwd)) return true;
  for (const candidate of Object.keys(context.working_directories)) {
    if (await contains(candidate, target, cwd)) return true;
  }
  return false;
}

async function contains(directory: string, target: string, cwd: string): Promise<boolean> {
  const root = await realpathLoose(unnormalisedAbsolute(directory, cwd));
  return target === root || target.startsWith(root + sep);
}

/**
 * `~` expanded and made absolute, but not normalised: normalising would resolve `..` against the
 * text before the symlinks are followed (see {@link realpathLoose}).
 */
function unnormalisedAbsolute(path: string, cwd: string): string {
  const expanded = expandHome(path);
  return isAbsolute(expanded) ? expanded : `${cwd}${sep}${expanded}`;
}
