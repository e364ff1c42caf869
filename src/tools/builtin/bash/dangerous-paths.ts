import { isAbsolute, resolve, sep } from "node:path";
import { fnmatch, isDangerousPath, realpathLoose } from "../../../permission/index.js";
import { expandTilde, possibleDirectories } from "./directories.js";
import type { FilePath } from "./file-paths.js";

/** The sensitive lists and the places relative paths resolve against. */
export interface DangerousPathCheckOptions {
  readonly dangerousFiles: readonly string[];
  readonly dangerousDirectories: readonly string[];
  /** The directory the command runs in. */
  readonly cwd: string;
  /** The home directory, for `~`. */
  readonly home: string;
}

/**
 * The paths among `paths` that touch a sensitive file or directory (spec §5.1 step 5), as
 * written, deduplicated, in order. A path is sensitive when its basename is a dangerous file or
 * a segment a dangerous directory (departure 3: entries with a slash match path suffixes) —
 * judged on the path as resolved against each directory a `cd` may have led to (logically and
 * physically), and on its real path too (a symlink to `~/.bashrc` is `~/.bashrc`, unless the
 * command acts on the link itself, as `rm` does). Departure 3: a path with an expansion
 * (`"$HOME/.bashrc"`) is reported, since nobody can say what it names; a glob is reported when it
 * may match a sensitive name (`~/.ss*`, `.env*`).
 *
 * @example
 * await findDangerousPaths(extractFilePaths(await parseScript("cat f > ~/.bashrc")), options);
 * // ["~/.bashrc"]
 */
export async function findDangerousPaths(
  paths: readonly FilePath[],
  options: DangerousPathCheckOptions,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    if (found.includes(path.path)) continue;
    if (await isDangerous(path, options)) found.push(path.path);
  }
  return found;
}

async function isDangerous(path: FilePath, options: DangerousPathCheckOptions): Promise<boolean> {
  if (!path.known) return true;
  const expanded = expandTilde(path.path, options.home);
  const directories = await possibleDirectories(path.source.directories, options.cwd, options.home);
  if (directories === null && !isAbsolute(expanded) && expanded.split("/").includes("..")) {
    // After `cd "$D"`, `../x` may be anything.
    return true;
  }
  const lists = {
    dangerousFiles: options.dangerousFiles,
    dangerousDirectories: options.dangerousDirectories,
  };
  for (const directory of directories ?? [options.cwd]) {
    const absolute = resolve(directory, expanded);
    if (path.word.glob) {
      if (globMayMatchDangerous(absolute, options)) return true;
      continue;
    }
    if (isDangerousPath(absolute, lists)) return true;
    // Unnormalised, so that `..` after a symlink is resolved where the symlink leads.
    const joined = isAbsolute(expanded) ? expanded : `${directory}${sep}${expanded}`;
    const real = await realpathLoose(joined, { followFinal: path.followFinal });
    if (isDangerousPath(real, lists)) return true;
  }
  return false;
}

/**
 * Whether a glob such as `/home/u/.ss*` or `/repo/.env*` may match a sensitive path: some segment
 * pattern matches a dangerous directory, or the last segments match a dangerous file. As in `sh`,
 * a pattern not starting with `.` does not match a name that does.
 */
function globMayMatchDangerous(pattern: string, options: DangerousPathCheckOptions): boolean {
  const segments = pattern
    .split(sep)
    .filter((s) => s.length > 0)
    .map((s) => s.toLowerCase());
  const directories = options.dangerousDirectories.map((d) => d.toLowerCase());
  if (segments.some((s) => directories.some((d) => segmentMatches(s, d)))) return true;
  for (const entry of options.dangerousFiles) {
    const parts = entry
      .toLowerCase()
      .split("/")
      .filter((s) => s.length > 0);
    if (parts.length === 0 || parts.length > segments.length) continue;
    const offset = segments.length - parts.length;
    if (parts.every((part, i) => segmentMatches(segments[offset + i] ?? "", part))) return true;
  }
  return false;
}

function segmentMatches(pattern: string, name: string): boolean {
  if (name.startsWith(".") && !pattern.startsWith(".")) return false;
  return fnmatch(name, pattern);
}
