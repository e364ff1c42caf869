import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { delimiter, isAbsolute, join } from "node:path";
import { ActorscopeError } from "../../errors/index.js";

/** Stable codes of shell selection errors. */
export const ShellErrorCode = {
  /** No bash executable was found (departure 6: commands run with bash, never another shell). */
  BASH_NOT_FOUND: "BASH_NOT_FOUND",
} as const;

/** No bash on this machine: the Bash tool refuses to run commands with another shell. */
export class BashNotFoundError extends ActorscopeError {
  /** The directories searched, in order. */
  readonly searched: readonly string[];

  constructor(searched: readonly string[]) {
    super(
      ShellErrorCode.BASH_NOT_FOUND,
      `bash was not found on PATH (${searched.length === 0 ? "PATH is empty" : searched.join(delimiter)}); ` +
        "install bash, or give its path: new LocalBackend({ bashPath })",
      { data: { searched } },
    );
    this.searched = searched;
  }
}

/**
 * The first executable `bash` in the directories of `pathValue` (a `PATH` value), like the
 * shell's own lookup; empty entries and relative directories are skipped (they would resolve
 * against whatever directory the command runs in). Rejects with {@link BashNotFoundError}.
 *
 * @example
 * await findBash(process.env.PATH); // "/usr/bin/bash"
 */
export async function findBash(pathValue: string | undefined): Promise<string> {
  const directories = (pathValue ?? "").split(delimiter).filter((d) => d !== "" && isAbsolute(d));
  const names = process.platform === "win32" ? ["bash.exe", "bash"] : ["bash"];
  for (const directory of directories) {
    for (const name of names) {
      const candidate = join(directory, name);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here (or not executable): the next directory, as the shell does.
      }
    }
  }
  throw new BashNotFoundError(directories);
}

/**
 * Environment changes that keep bash from importing code: every exported function
 * (`BASH_FUNC_name%%=() { … }`) in `env` removed, so neither the command's bash nor a bash it
 * starts runs a function in place of a program.
 */
export function exportedFunctionRemovals(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, undefined> {
  const removals: Record<string, undefined> = {};
  for (const name of Object.keys(env))
    if (name.startsWith("BASH_FUNC_")) removals[name] = undefined;
  return removals;
}
