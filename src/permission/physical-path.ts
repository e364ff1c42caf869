import { lstat, readlink } from "node:fs/promises";
import { dirname, isAbsolute, join, sep } from "node:path";

/** Options of {@link physicalPath}. */
export interface PhysicalPathOptions {
  /**
   * Whether a symlink in the last component is followed (default `true`): where a write through
   * the path lands (`touch`, `cp`, redirects). `false` for operations on the directory entry
   * itself (`rm`, `mv`'s sources, `sed -i`). A trailing `/`, `.` or `..` always follows.
   */
  readonly followFinal?: boolean;
}

/** As many symlinks as Linux follows in one lookup before `ELOOP`. */
const MAX_SYMLINKS = 40;

/**
 * Links whose target depends on the process that opens them (`/dev/fd` and `/dev/stdin` lead
 * here too): resolved in the checking process they say nothing about where a command's write
 * lands (`cd /etc && touch /proc/self/cwd/x`).
 */
const PROCESS_RELATIVE: ReadonlySet<string> = new Set(["/proc/self", "/proc/thread-self"]);

/**
 * Where a path (absolute, or relative to the process cwd) really leads, as the kernel resolves it when a command opens it: every
 * symlink followed as it is met — dangling ones too (the link's target is where a new file is
 * created) and chains of them — and `..` taken physically, after the symlink before it
 * (`/wd/link/../x` with `link → /elsewhere/d` is `/elsewhere/x`). Components that do not exist
 * yet are kept as written, and `..` after one goes back textually (that is what happens once a
 * command creates it as a directory). `null` when the path cannot be followed (a symlink loop, a
 * directory that cannot be read, a link such as `/proc/self` whose target depends on the process
 * that opens it): nobody can say where it leads. Each component is looked at (one `lstat`
 * each), so a link anywhere on the way is seen.
 *
 * @example
 * await physicalPath("/wd/dangling"); // "/etc/new-file" when dangling → /etc/new-file
 * await physicalPath("/wd/dangling", { followFinal: false }); // "/wd/dangling"
 */
export async function physicalPath(
  path: string,
  options: PhysicalPathOptions = {},
): Promise<string | null> {
  const followFinal = options.followFinal ?? true;
  // The components still to resolve, next one last (a relative path is taken from the cwd).
  const absolute = isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`;
  const pending = absolute.split(sep).reverse();
  let resolved: string = sep;
  let links = 0;
  while (pending.length > 0) {
    const part = pending.pop() ?? "";
    if (part === "" || part === ".") continue;
    if (part === "..") {
      resolved = dirname(resolved);
      continue;
    }
    const candidate = join(resolved, part);
    if (PROCESS_RELATIVE.has(candidate)) return null;
    if (pending.length === 0 && !followFinal) return candidate;
    const entry = await entryKind(candidate);
    if (entry === "unknown") return null;
    if (entry !== "symlink") {
      resolved = candidate;
      continue;
    }
    const target = await readTarget(candidate);
    if (target === null || ++links > MAX_SYMLINKS) return null;
    if (target.startsWith(sep)) resolved = sep;
    for (const piece of target.split(sep).reverse()) pending.push(piece);
  }
  return resolved;
}

/** What is at `path` without following it: a missing entry is a name to be created. */
async function entryKind(path: string): Promise<"symlink" | "other" | "missing" | "unknown"> {
  try {
    return (await lstat(path)).isSymbolicLink() ? "symlink" : "other";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? "missing" : "unknown";
  }
}

async function readTarget(link: string): Promise<string | null> {
  try {
    return await readlink(link);
  } catch {
    return null;
  }
}
