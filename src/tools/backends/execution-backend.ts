/** How {@link ExecutionBackend.run} runs a program. */
export interface RunOptions {
  /** The working directory (default: the backend's). */
  readonly cwd?: string | undefined;
  /** Variables added to (or, with `undefined`, removed from) the backend's environment. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Kill the program after this long (default {@link DEFAULT_RUN_TIMEOUT_MS}). */
  readonly timeoutMs?: number | undefined;
  /** Kills the program when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Keep at most this many bytes of each output stream (default {@link DEFAULT_MAX_OUTPUT_BYTES}). */
  readonly maxOutputBytes?: number | undefined;
  /** Written to the program's standard input, which is otherwise empty. */
  readonly stdin?: string | Uint8Array | undefined;
  /** Called with each piece of output as it arrives (before any cap), for streaming. */
  readonly onOutput?: ((stream: "stdout" | "stderr", chunk: Uint8Array) => void) | undefined;
}

/** What a program did. */
export interface RunResult {
  /**
   * The exit status: the program's own, `128 + n` when signal `n` ended it, `127` when it could
   * not be started, `-1` when the backend killed it (timeout or abort).
   */
  readonly exitCode: number;
  /** The signal that ended the program, if one did. */
  readonly signal: string | null;
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  /** Whether output beyond `maxOutputBytes` was dropped. */
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  /** The timeout ran out and the program was killed. */
  readonly timedOut: boolean;
  /** The abort signal fired and the program was killed. */
  readonly aborted: boolean;
}

/**
 * How bash starts on a backend (departure 6): the program, and environment changes (`undefined`
 * removes a variable) that keep it from reading code on its own, such as exported functions
 * (`BASH_FUNC_name%%`), which only the backend can enumerate.
 */
export interface BashShell {
  /** The bash executable (an absolute path, or a name the backend resolves). */
  readonly path: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What kind of thing a path names. */
export type FileKind = "file" | "directory" | "symlink" | "other";

/** A path's metadata. */
export interface FileStat {
  readonly kind: FileKind;
  readonly size: number;
  readonly mtimeMs: number;
}

/** One entry of a directory listing; `size` and `mtimeMs` are `null` when unknown. */
export interface DirEntry {
  readonly name: string;
  /** The kind, following symlinks (a symlink to a directory is a directory). */
  readonly kind: FileKind;
  readonly size: number | null;
  readonly mtimeMs: number | null;
}

/** Options of the file operations. */
export interface FileOptions {
  readonly signal?: AbortSignal | undefined;
}

/**
 * Where built-in tools run commands and touch files: the local machine, a container, a sandbox.
 * Tools never call `child_process` or `fs` themselves, so the same tool works on any backend.
 * Paths are the backend's own (absolute, or relative to its working directory).
 *
 * @example
 * const backend = new LocalBackend();
 * const result = await backend.run(["/bin/sh", "-c", "ls"], { timeoutMs: 5_000 });
 * new TextDecoder().decode(result.stdout);
 */
export interface ExecutionBackend {
  /** The path and shell flavour of the machine: `posix` (`/bin/sh`) or `windows` (`cmd`). */
  readonly platform: "posix" | "windows";
  /**
   * Runs a program (an argument vector, no shell: wrap in `["/bin/sh", "-c", line]` for one).
   * Never rejects for the program's own failures: those are in the result.
   */
  run(argv: readonly string[], options?: RunOptions): Promise<RunResult>;
  /** A file's bytes. Rejects with `BACKEND_IO_FAILED` (e.g. `errno: "ENOENT"`). */
  readFile(path: string, options?: FileOptions): Promise<Uint8Array>;
  /** Writes a file, creating missing parent directories. */
  writeFile(path: string, data: string | Uint8Array, options?: FileOptions): Promise<void>;
  /** A path's metadata, or `null` when it does not exist. Follows symlinks unless told not to. */
  stat(path: string, options?: { readonly followSymlinks?: boolean }): Promise<FileStat | null>;
  /** A directory's entries, sorted by name. */
  listDir(path: string): Promise<DirEntry[]>;
  /** The path with every symlink resolved. */
  realpath(path: string): Promise<string>;
  /** The home directory commands see as `~`. */
  homeDir(): Promise<string>;
  /** The directory commands run in by default. */
  cwd(): Promise<string>;
  /**
   * Where bash is on this machine and what to remove from its environment (departure 6: the
   * Bash tool runs its commands with bash, the shell its analyser parses). Rejects with
   * `BASH_NOT_FOUND` when there is no bash. Optional: without it the Bash tool runs `bash`
   * through the backend's own program lookup.
   */
  bashShell?(): Promise<BashShell>;
}

/** The longest a command may run when no timeout is given (10 minutes). */
export const DEFAULT_RUN_TIMEOUT_MS = 600_000;

/** Output kept per stream when no cap is given (10 MiB). */
export const DEFAULT_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;
