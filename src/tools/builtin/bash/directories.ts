import { dirname, join, resolve } from "node:path";
import { physicalPath } from "../../../permission/index.js";
import { probeFile } from "./file-probe.js";
import type { DirectoryCandidates } from "./simple-command.js";
import type { ProgramCall } from "./wrappers.js";

/** Past this many possible directories we stop tracking and say "unknown". */
const MAX_CANDIDATES = 8;

/**
 * Marks a `cd -P` step: the directory is then the physical one, symlinks resolved. NUL cannot
 * occur in a path (nor in a bash word), so a step starting with it is never a directory name.
 */
const PHYSICAL = "\u0000";

/**
 * The directories later commands may run in after `call`. `cd DIR` and `pushd DIR` add `DIR`
 * as a possibility (the `cd` may fail and the shell go on); `cd -P DIR` is recorded as
 * physical; `cd -`, `popd`, a `cd` to an expansion or to a glob make the directory unknown.
 * Other commands change nothing.
 */
export function changeDirectory(
  state: DirectoryCandidates,
  call: ProgramCall,
): DirectoryCandidates {
  if (call.base === "popd") return null;
  if (call.base !== "cd" && call.base !== "pushd") return state;
  if (state === null) return null;
  let target: string | null | undefined;
  let physical = false;
  let options = true;
  for (const arg of call.args) {
    const value = arg.value;
    if (value === null || arg.glob) return null;
    if (options && value === "--") {
      options = false;
      continue;
    }
    if (options && /^-[LPe@]+$/.test(value)) {
      // The last of -L and -P wins, as in bash.
      const last = Math.max(value.lastIndexOf("L"), value.lastIndexOf("P"));
      if (last > 0) physical = value.charAt(last) === "P";
      continue;
    }
    target = value;
    break;
  }
  if (target === undefined) {
    if (call.base === "pushd") return null; // pushd alone swaps the top two directories
    target = "~";
  }
  if (target === null || target === "-" || /^[+-]\d+$/.test(target)) return null;
  const step = physical ? PHYSICAL + target : target;
  const next = [...state];
  const seen = new Set(state.map((steps) => steps.join("\u0000\u0000")));
  for (const steps of state) {
    const moved = [...steps, step];
    const key = moved.join("\u0000\u0000");
    if (!seen.has(key)) {
      seen.add(key);
      next.push(moved);
    }
  }
  return next.length > MAX_CANDIDATES ? null : next;
}

/**
 * The absolute directories a command may run in, given the tool's working directory and the
 * home directory (for `cd ~/x`), resolved textually as bash's logical `cd` does (`a/..` is
 * `.`); `null` when unknown. For checks that must not follow symlinks (critical removals).
 */
export function resolveDirectories(
  state: DirectoryCandidates,
  cwd: string,
  home: string,
): string[] | null {
  if (state === null) return null;
  return state.map((steps) =>
    steps.reduce<string>((dir, step) => resolve(dir, expandTilde(stepPath(step), home)), cwd),
  );
}

/**
 * Every directory a command may run in, as bash reaches it: the logical path of each `cd`
 * (symlinks kept, `..` textual), or the physical one where bash takes that — after `cd -P`, and
 * after a logical `cd` whose canonical form bash rejects (see {@link logicalCdHolds}).
 * Relative paths of the command resolve from these through the disk (`physicalPath`); `null`
 * when a directory is unknown or cannot be followed.
 *
 * @example
 * const [, touch] = (await parseScript("cd -P link/.. && touch x")).commands;
 * await possibleDirectories(touch.directories, "/wd", home); // ["/wd", "/elsewhere"] for link → /elsewhere/d
 */
export async function possibleDirectories(
  state: DirectoryCandidates,
  cwd: string,
  home: string,
): Promise<string[] | null> {
  if (state === null) return null;
  const all: string[] = [];
  for (const steps of state) {
    let current = [cwd];
    for (const step of steps) {
      const next: string[] = [];
      const target = expandTilde(stepPath(step), home);
      for (const dir of current) {
        const joined = target.startsWith("/") ? target : `${dir}/${target}`;
        if (!step.startsWith(PHYSICAL) && (await logicalCdHolds(joined))) {
          next.push(resolve(joined));
          continue;
        }
        const physical = await physicalPath(joined);
        if (physical === null) return null;
        next.push(physical);
      }
      current = [...new Set(next)];
      if (current.length > MAX_CANDIDATES) return null;
    }
    for (const dir of current) if (!all.includes(dir)) all.push(dir);
  }
  return all.length > MAX_CANDIDATES * 4 ? null : all;
}

/**
 * Whether bash's logical `cd` keeps the textual path: it canonicalises `dir/target` (`a/..`
 * removed) and checks that the part before each `..` is a directory and that the result exists;
 * when that fails it changes to the path as written, which the kernel resolves physically.
 * Without `..` both agree.
 */
async function logicalCdHolds(joined: string): Promise<boolean> {
  const parts = joined.split("/");
  if (!parts.includes("..")) return true;
  let prefix = "/";
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (!(await isDirectory(prefix))) return false;
      prefix = dirname(prefix);
    } else prefix = join(prefix, part);
  }
  return isDirectory(prefix);
}

async function isDirectory(path: string): Promise<boolean> {
  return (await probeFile(path, true))?.directory === true;
}

function stepPath(step: string): string {
  return step.startsWith(PHYSICAL) ? step.slice(PHYSICAL.length) : step;
}

/** `~` and `~/x` with the given home directory. */
export function expandTilde(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return home + path.slice(1);
  return path;
}
