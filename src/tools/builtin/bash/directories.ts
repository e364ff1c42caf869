import { resolve } from "node:path";
import type { DirectoryCandidates } from "./simple-command.js";
import type { ProgramCall } from "./wrappers.js";

/** Past this many possible directories we stop tracking and say "unknown". */
const MAX_CANDIDATES = 8;

/**
 * The directories later commands may run in after `call`. `cd DIR` and `pushd DIR` add `DIR`
 * as a possibility (the `cd` may fail and the shell go on); `cd -`, `popd` and a `cd` to an
 * expansion make the directory unknown. Other commands change nothing.
 */
export function changeDirectory(
  state: DirectoryCandidates,
  call: ProgramCall,
): DirectoryCandidates {
  if (call.base === "popd") return null;
  if (call.base !== "cd" && call.base !== "pushd") return state;
  if (state === null) return null;
  let target: string | null | undefined;
  for (const arg of call.args) {
    const value = arg.value;
    if (value === null) return null;
    if (/^-[LPe@]+$/.test(value) || value === "--") continue;
    target = value;
    break;
  }
  if (target === undefined) {
    if (call.base === "pushd") return null; // pushd alone swaps the top two directories
    target = "~";
  }
  if (target === null || target === "-" || /^[+-]\d+$/.test(target)) return null;
  const next = [...state];
  const seen = new Set(state.map((steps) => steps.join("\u0000")));
  for (const steps of state) {
    const moved = [...steps, target];
    const key = moved.join("\u0000");
    if (!seen.has(key)) {
      seen.add(key);
      next.push(moved);
    }
  }
  return next.length > MAX_CANDIDATES ? null : next;
}

/**
 * The absolute directories a command may run in, given the tool's working directory and the
 * home directory (for `cd ~/x`); `null` when unknown.
 */
export function resolveDirectories(
  state: DirectoryCandidates,
  cwd: string,
  home: string,
): string[] | null {
  if (state === null) return null;
  return state.map((steps) =>
    steps.reduce<string>((dir, step) => resolve(dir, expandTilde(step, home)), cwd),
  );
}

/** `~` and `~/x` with the given home directory. */
export function expandTilde(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return home + path.slice(1);
  return path;
}
