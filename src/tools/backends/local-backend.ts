import { spawn, type ChildProcess } from "node:child_process";
import { readdir, realpath, stat, lstat } from "node:fs/promises";
import { homedir } from "node:os";
import { constants } from "node:os";
import { join, resolve } from "node:path";
import { assertKnownOptions } from "../../errors/index.js";
import { BackendIoError, errnoOf } from "./backend-error.js";
import { exportedFunctionRemovals, findBash } from "./bash-shell.js";
import { CappedBuffer } from "./capped-buffer.js";
import {
  type BashShell,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_RUN_TIMEOUT_MS,
  type DirEntry,
  type ExecutionBackend,
  type FileReader,
  type FileStat,
  type ReadFileOptions,
  type RunOptions,
  type RunResult,
  type WriteFileOptions,
} from "./execution-backend.js";
import { fileStatOf, kindOf } from "./local-file-kind.js";
import { openLocalFile, readLocalFile } from "./local-file-reader.js";
import { writeLocalFile } from "./local-file-writer.js";
import { signalProcessGroup } from "./process-group.js";

/** Options of {@link LocalBackend}. */
export interface LocalBackendOptions {
  /** The directory commands run in by default (default: the process's). */
  cwd?: string | undefined;
  /** Between SIGTERM and SIGKILL when a command is killed (default 2000 ms). */
  killGraceMs?: number | undefined;
  /** The bash the Bash tool runs commands with (default: the first `bash` on `PATH`). */
  bashPath?: string | undefined;
}

/** The keys of {@link LocalBackendOptions}; any other key is refused. */
const LOCAL_BACKEND_OPTIONS: ReadonlySet<string> = new Set(["cwd", "killGraceMs", "bashPath"]);

/** After the program is killed, how long we wait for its output pipes to close. */
const CLOSE_WAIT_MS = 1_000;

/**
 * The local machine as an {@link ExecutionBackend}: programs run as child processes, files are
 * the local file system.
 *
 * Each program runs in a process group of its own. A timeout or an abort kills the whole group
 * — SIGTERM, then SIGKILL after `killGraceMs` — so `sh -c 'sleep 30 & wait'` leaves no `sleep`
 * behind. A program that ends normally is not touched: a server started with
 * `nohup … > log 2>&1 &` keeps running. Output is capped while it streams.
 *
 * @example
 * const backend = new LocalBackend({ cwd: "/repo" });
 * const { exitCode, stdout } = await backend.run(["git", "status"], { timeoutMs: 10_000 });
 */
export class LocalBackend implements ExecutionBackend {
  readonly platform: "posix" | "windows" = process.platform === "win32" ? "windows" : "posix";
  private readonly defaultCwd: string | undefined;
  private readonly killGraceMs: number;
  private readonly bashPath: string | undefined;
  /** The last `PATH` searched for bash, and what it gave (looked up again when `PATH` changes). */
  private bashLookup: {
    readonly path: string | undefined;
    readonly found: Promise<string>;
  } | null = null;

  constructor(options: LocalBackendOptions = {}) {
    assertKnownOptions(options, LOCAL_BACKEND_OPTIONS, "LocalBackend options");
    this.defaultCwd = options.cwd;
    this.killGraceMs = options.killGraceMs ?? 2_000;
    this.bashPath = options.bashPath;
  }

  run(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
    const [file, ...args] = argv;
    if (file === undefined) return Promise.resolve(notStarted("No program given"));
    if (options.signal?.aborted === true)
      return Promise.resolve(killed(empty(), empty(), "aborted"));
    const env = environment(options.env);
    let child: ChildProcess;
    try {
      child = spawn(file, args, {
        cwd: options.cwd ?? this.defaultCwd,
        env,
        // A group of its own, so a kill reaches everything the program started.
        detached: this.platform === "posix",
        stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      return Promise.resolve(notStarted(error instanceof Error ? error.message : String(error)));
    }
    return supervise(child, options, this.killGraceMs);
  }

  /** See {@link ExecutionBackend.readFile}; the file's own metadata is checked after opening it. */
  readFile(path: string, options: ReadFileOptions = {}): Promise<Uint8Array> {
    return readLocalFile(this.resolve(path), path, options);
  }

  /** See {@link ExecutionBackend.openFile}: a regular file read in chunks, within a budget. */
  openFile(path: string, options: ReadFileOptions = {}): Promise<FileReader> {
    return openLocalFile(this.resolve(path), path, options);
  }

  /** See {@link ExecutionBackend.writeFile}: a FIFO, socket or device target is refused. */
  writeFile(
    path: string,
    data: string | Uint8Array,
    options: WriteFileOptions = {},
  ): Promise<void> {
    return writeLocalFile(this.resolve(path), path, data, options);
  }

  async stat(
    path: string,
    options: { readonly followSymlinks?: boolean } = {},
  ): Promise<FileStat | null> {
    try {
      const target = this.resolve(path);
      return fileStatOf(
        options.followSymlinks === false ? await lstat(target) : await stat(target),
      );
    } catch (error) {
      const errno = errnoOf(error);
      if (errno === "ENOENT" || errno === "ENOTDIR") return null;
      throw new BackendIoError("stat", path, error);
    }
  }

  async listDir(path: string): Promise<DirEntry[]> {
    const directory = this.resolve(path);
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      throw new BackendIoError("list", path, error);
    }
    names.sort();
    return Promise.all(
      names.map(async (name): Promise<DirEntry> => {
        try {
          const stats = await stat(join(directory, name));
          const kind = kindOf(stats);
          return { name, kind, size: kind === "file" ? stats.size : null, mtimeMs: stats.mtimeMs };
        } catch {
          // A broken symlink, or an entry removed meanwhile.
          return { name, kind: "other", size: null, mtimeMs: null };
        }
      }),
    );
  }

  async realpath(path: string): Promise<string> {
    try {
      return await realpath(this.resolve(path));
    } catch (error) {
      throw new BackendIoError("resolve", path, error);
    }
  }

  homeDir(): Promise<string> {
    return Promise.resolve(homedir());
  }

  cwd(): Promise<string> {
    return Promise.resolve(this.defaultCwd ?? process.cwd());
  }

  /** Bash from `bashPath` or `PATH` (`BASH_NOT_FOUND` without one), minus exported functions. */
  async bashShell(): Promise<BashShell> {
    const env = exportedFunctionRemovals(process.env);
    if (this.bashPath !== undefined) return { path: this.bashPath, env };
    const searched = process.env["PATH"];
    let lookup = this.bashLookup;
    if (lookup === null || lookup.path !== searched) {
      const found = findBash(searched);
      // A failed lookup is not kept: bash may be installed before the next command.
      found.catch(() => {
        if (this.bashLookup?.found === found) this.bashLookup = null;
      });
      lookup = { path: searched, found };
      this.bashLookup = lookup;
    }
    return { path: await lookup.found, env };
  }

  private resolve(path: string): string {
    return resolve(this.defaultCwd ?? process.cwd(), path);
  }
}

/** Waits for a started child, enforcing the timeout, the abort signal and the output caps. */
function supervise(
  child: ChildProcess,
  options: RunOptions,
  killGraceMs: number,
): Promise<RunResult> {
  const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const stdout = new CappedBuffer(limit);
  const stderr = new CappedBuffer(limit);
  const onOutput = options.onOutput;
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout.push(chunk);
    onOutput?.("stdout", chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr.push(chunk);
    onOutput?.("stderr", chunk);
  });
  if (child.stdin !== null && options.stdin !== undefined) {
    child.stdin.on("error", () => {
      // The program may exit without reading its input (EPIPE); that is its business.
    });
    child.stdin.end(options.stdin);
  }

  return new Promise<RunResult>((resolvePromise) => {
    let settled = false;
    let reason: "timeout" | "aborted" | null = null;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const timers = new Set<NodeJS.Timeout>();
    const later = (ms: number, fn: () => void): void => {
      timers.add(setTimeout(fn, ms));
    };

    const finish = (result?: RunResult): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // A grandchild that escaped the group may still hold the pipes: stop reading them.
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
      resolvePromise(result ?? outcome());
    };

    const outcome = (): RunResult => {
      if (reason !== null) return killed(stdout, stderr, reason, exit?.signal ?? null);
      const signal = exit?.signal ?? null;
      const code = exit?.code ?? (signal === null ? -1 : 128 + (constants.signals[signal] ?? 0));
      return {
        exitCode: code,
        signal,
        stdout: stdout.bytes(),
        stderr: stderr.bytes(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        timedOut: false,
        aborted: false,
      };
    };

    const terminate = (why: "timeout" | "aborted"): void => {
      if (reason !== null || settled) return;
      reason = why;
      kill(child, "SIGTERM");
      later(killGraceMs, () => {
        kill(child, "SIGKILL");
        // Every wait is bounded: if the pipes never close, give up on them.
        later(CLOSE_WAIT_MS, () => {
          finish();
        });
      });
    };

    const onAbort = (): void => {
      terminate("aborted");
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    later(options.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS, () => {
      terminate("timeout");
    });

    child.once("error", (error) => {
      // The program could not be started (ENOENT, EACCES, a missing cwd): exit 127, as a shell says.
      if (child.pid === undefined) finish(notStarted(error.message));
    });
    child.once("exit", (code, signal) => {
      exit = { code, signal };
    });
    child.once("close", (code, signal) => {
      exit ??= { code, signal };
      finish();
    });
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (!signalProcessGroup(child.pid, signal)) {
    // No group (Windows, or already gone): the process itself, if it is still there.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

/** The process environment with `changes` applied (`undefined` removes a variable). */
function environment(
  changes: Readonly<Record<string, string | undefined>> | undefined,
): NodeJS.ProcessEnv {
  const base = Object.entries(process.env);
  if (changes === undefined) return Object.fromEntries(base);
  const merged = new Map(base);
  for (const [name, value] of Object.entries(changes)) merged.set(name, value);
  return Object.fromEntries([...merged].filter(([, value]) => value !== undefined));
}

function empty(): CappedBuffer {
  return new CappedBuffer(0);
}

function killed(
  stdout: CappedBuffer,
  stderr: CappedBuffer,
  reason: "timeout" | "aborted",
  signal: string | null = null,
): RunResult {
  return {
    exitCode: -1,
    signal,
    stdout: stdout.bytes(),
    stderr: stderr.bytes(),
    stdoutTruncated: stdout.truncated,
    stderrTruncated: stderr.truncated,
    timedOut: reason === "timeout",
    aborted: reason === "aborted",
  };
}

function notStarted(message: string): RunResult {
  return {
    exitCode: 127,
    signal: null,
    stdout: new Uint8Array(0),
    stderr: new TextEncoder().encode(message),
    stdoutTruncated: false,
    stderrTruncated: false,
    timedOut: false,
    aborted: false,
  };
}
