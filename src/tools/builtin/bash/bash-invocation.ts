import type { ExecutionBackend } from "../../backends/execution-backend.js";

/**
 * Variables a non-interactive bash, or a shell it starts, acts on by itself: a startup file to
 * source (`BASH_ENV`, `ENV`), options turned on before the first line (`SHELLOPTS`,
 * `BASHOPTS`, `POSIXLY_CORRECT`, `BASH_COMPAT`), and how `cd` and globs resolve (`CDPATH`,
 * `GLOBIGNORE`). Removed from every command's environment (departure 6).
 */
export const SHELL_STARTUP_VARIABLES: readonly string[] = [
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "POSIXLY_CORRECT",
  "BASH_COMPAT",
  "CDPATH",
  "GLOBIGNORE",
];

const REMOVED: Readonly<Record<string, undefined>> = Object.fromEntries(
  SHELL_STARTUP_VARIABLES.map((name) => [name, undefined]),
);

/**
 * Flags of the bash that runs a command: no profile or rc file, and privileged mode (`-p`),
 * in which bash sources neither `$ENV` nor `$BASH_ENV`, imports no exported functions, and
 * ignores `SHELLOPTS`, `BASHOPTS`, `CDPATH` and `GLOBIGNORE` from its environment — what the
 * analyser parsed is what runs, whatever the environment holds.
 */
export const BASH_FLAGS: readonly string[] = ["--noprofile", "--norc", "-p", "-c"];

/** The program, arguments and environment changes that run `command`. */
export interface ShellInvocation {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * How `command` runs on `backend` (departure 6): with bash — the backend's own (`bashShell()`,
 * which rejects with `BASH_NOT_FOUND` when the machine has none), else `bash` through the
 * backend's program lookup — never `/bin/sh`, which is dash on Debian and reads `$'…'` and
 * `((…))` differently from the grammar the analyser parses. On Windows, `cmd /c` (spec §5.1).
 *
 * @example
 * await shellInvocation(new LocalBackend(), "ls");
 * // { argv: ["/usr/bin/bash", "--noprofile", "--norc", "-p", "-c", "ls"], env: { BASH_ENV: undefined, … } }
 */
export async function shellInvocation(
  backend: ExecutionBackend,
  command: string,
): Promise<ShellInvocation> {
  if (backend.platform === "windows") return { argv: ["cmd", "/c", command], env: {} };
  const shell = (await backend.bashShell?.()) ?? { path: "bash", env: {} };
  return { argv: [shell.path, ...BASH_FLAGS, command], env: { ...REMOVED, ...shell.env } };
}
