import { isAbsolute, normalize, sep } from "node:path";
import type { PermissionContext } from "./permission-context.js";
import { expandHome } from "./expand-home.js";
import { physicalPath, type PhysicalPathOptions } from "./physical-path.js";

/**
 * Python's non-strict `realpath`, made exact about symlinks: resolves the path as far as it
 * exists and appends the rest, following every symlink met — a dangling one too, whose target is
 * where a new file would be created — and resolving `..` physically (see {@link physicalPath}).
 * A path that cannot be followed (a symlink loop) comes back normalised.
 */
export async function realpathLoose(
  path: string,
  options: PhysicalPathOptions = {},
): Promise<string> {
  return (await physicalPath(path, options)) ?? normalize(path);
}

/**
 * Whether `path` is inside a working directory: the process cwd (always) or a key of
 * `context.working_directories`. Both sides are resolved to real paths first (`~` expanded,
 * symlinks followed both ways, dangling ones too), and inside means equal to a directory or
 * below it (`/tmp/ab` is not inside `/tmp/a`). A path that cannot be followed is not inside.
 *
 * As in the reference, "below" is tested as a prefix ending in the separator, so a working
 * directory of `/` contains only `/` itself: a process started in `/` (a container's default)
 * does not auto-allow edits anywhere on the disk.
 *
 * @param cwd The process cwd (default `process.cwd()`), also the base of relative paths.
 * @param options Whether a final symlink is followed (default: yes, as a write through it does).
 */
export async function isInWorkingDirectory(
  path: string,
  context: Pick<PermissionContext, "working_directories">,
  cwd: string = process.cwd(),
  options: PhysicalPathOptions = {},
): Promise<boolean> {
  const target = await physicalPath(unnormalisedAbsolute(path, cwd), options);
  if (target === null) return false;
  const roots = await workingDirectoryRoots(context, cwd);
  return roots.some((root) => isWithin(target, root));
}

/**
 * The working directories as real paths: `cwd` first, then the keys of
 * `context.working_directories` (`~` expanded, relative ones against `cwd`). A directory that
 * cannot be resolved is left out: nothing is inside it.
 */
export async function workingDirectoryRoots(
  context: Pick<PermissionContext, "working_directories">,
  cwd: string = process.cwd(),
): Promise<string[]> {
  const roots: string[] = [];
  for (const directory of [cwd, ...Object.keys(context.working_directories)]) {
    const root = await physicalPath(unnormalisedAbsolute(directory, cwd));
    if (root !== null && !roots.includes(root)) roots.push(root);
  }
  return roots;
}

/** Whether the real path `target` is `root` or below it (below `/` is nothing: see above). */
export function isWithin(target: string, root: string): boolean {
  return target === root || target.startsWith(root + sep);
}

/**
 * `~` expanded and made absolute, but not normalised: normalising would resolve `..` against the
 * text before the symlinks are followed (see {@link physicalPath}).
 */
function unnormalisedAbsolute(path: string, cwd: string): string {
  const expanded = expandHome(path);
  return isAbsolute(expanded) ? expanded : `${cwd}${sep}${expanded}`;
}
