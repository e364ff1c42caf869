import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LocalBackend,
  type ExecutionBackend,
  type RunOptions,
  type RunResult,
} from "../../../../src/tools/backends/index.js";
import {
  PermissionContextSchema,
  type PermissionContext,
  type PermissionContextInput,
} from "../../../../src/permission/index.js";
import {
  checkInjectionRisk,
  isReadOnlyCommand,
  parseScript,
  type DangerousPathCheckOptions,
  type ParsedScript,
} from "../../../../src/tools/builtin/bash/index.js";

/** Parses a command line for the analyser's functions. */
export function parse(command: string): Promise<ParsedScript> {
  return parseScript(command);
}

/** A full permission context from a partial one. */
export function contextOf(input: PermissionContextInput = {}): PermissionContext {
  return PermissionContextSchema.parse(input);
}

/** Analysis options with a fixed home and cwd, so tests do not depend on the machine. */
export const ANALYSIS: DangerousPathCheckOptions = {
  dangerousFiles: [
    ".gitconfig",
    ".bashrc",
    ".zshrc",
    ".profile",
    ".ssh/config",
    ".ssh/authorized_keys",
    ".npmrc",
    ".env",
    ".env.local",
  ],
  dangerousDirectories: [".git", ".vscode", ".idea", ".ssh"],
  cwd: "/tmp/project",
  home: "/home/u",
};

/** A backend that runs nothing: fixed home and cwd, and a scripted `run`. */
export function fakeBackend(
  options: {
    home?: string;
    cwd?: string;
    platform?: "posix" | "windows";
    run?: (argv: readonly string[], options: RunOptions) => Promise<RunResult>;
  } = {},
): ExecutionBackend & { calls: { argv: readonly string[]; options: RunOptions }[] } {
  const calls: { argv: readonly string[]; options: RunOptions }[] = [];
  const unsupported = (): Promise<never> => Promise.reject(new Error("not supported"));
  return {
    calls,
    platform: options.platform ?? "posix",
    run: (argv, runOptions = {}) => {
      calls.push({ argv, options: runOptions });
      return options.run ? options.run(argv, runOptions) : Promise.resolve(result({}));
    },
    readFile: unsupported,
    writeFile: unsupported,
    stat: unsupported,
    listDir: unsupported,
    realpath: unsupported,
    homeDir: () => Promise.resolve(options.home ?? "/home/u"),
    cwd: () => Promise.resolve(options.cwd ?? "/tmp/project"),
  };
}

/** A run result with defaults. */
export function result(partial: Partial<RunResult> & { out?: string; err?: string }): RunResult {
  const encode = (s: string | undefined): Uint8Array => new TextEncoder().encode(s ?? "");
  const { out, err, ...rest } = partial;
  return {
    exitCode: 0,
    signal: null,
    stdout: encode(out),
    stderr: encode(err),
    stdoutTruncated: false,
    stderrTruncated: false,
    timedOut: false,
    aborted: false,
    ...rest,
  };
}

/** A temporary working directory and home directory for tests that execute commands. */
export interface Sandbox {
  /** The working directory (real path). */
  readonly dir: string;
  /** The home directory commands see (`HOME`), another temporary directory. */
  readonly home: string;
  /** A local backend that runs in `dir` with `HOME` set to `home`. */
  readonly backend: ExecutionBackend;
  /** Removes both directories. */
  cleanup(): Promise<void>;
}

/**
 * Makes a sandbox: commands run in a fresh temporary directory with `HOME` pointing at another,
 * so a test never touches the real home or the checkout. `env` adds variables to every command
 * (e.g. a hostile `BASH_ENV`).
 */
export async function sandbox(
  options: { env?: Readonly<Record<string, string | undefined>>; bashPath?: string } = {},
): Promise<Sandbox> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "actorscope-bash-wd-")));
  const home = await realpath(await mkdtemp(join(tmpdir(), "actorscope-bash-home-")));
  const local = new LocalBackend({ cwd: dir, killGraceMs: 200, bashPath: options.bashPath });
  const extra = { HOME: home, ...options.env };
  const backend: ExecutionBackend = {
    platform: local.platform,
    run: (argv, runOptions = {}) =>
      local.run(argv, { ...runOptions, env: { ...extra, ...runOptions.env } }),
    readFile: (path, o) => local.readFile(path, o),
    writeFile: (path, data, o) => local.writeFile(path, data, o),
    stat: (path, o) => local.stat(path, o),
    listDir: (path) => local.listDir(path),
    realpath: (path) => local.realpath(path),
    homeDir: () => Promise.resolve(home),
    cwd: () => Promise.resolve(dir),
    bashShell: () => local.bashShell(),
  };
  return {
    dir,
    home,
    backend,
    cleanup: async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Whether the analyser finds a command line read-only (departure 1). */
export async function readOnly(command: string): Promise<boolean> {
  return isReadOnlyCommand(await parse(command));
}

/** Why the analyser cannot analyse a command line, or `null` (spec §5.1 `check_injection_risk`). */
export async function risk(command: string): Promise<string | null> {
  return checkInjectionRisk(await parse(command));
}
