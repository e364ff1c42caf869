import type { SpecialFileKind } from "./not-regular-file-error.js";

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
  /** What an `other` is (a FIFO, a socket, a device), when the backend can tell. */
  readonly special?: SpecialFileKind | undefined;
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

/** Options of {@link ExecutionBackend.readFile} and {@link ExecutionBackend.openFile}. */
export interface ReadFileOptions extends FileOptions {
  /**
   * The read's byte budget (default {@link DEFAULT_MAX_READ_BYTES}): a file holding more is
   * refused with `BACKEND_FILE_TOO_LARGE`, whatever size it reports (`/proc` files report 0, a
   * file may grow while it is read).
   */
  readonly maxBytes?: number | undefined;
  /**
   * `false`: a symlink as the last component of the path is refused (`BACKEND_IO_FAILED` with
   * `errno: "ELOOP"`) instead of followed. Default `true`.
   */
  readonly followSymlinks?: boolean | undefined;
}

/** Options of {@link ExecutionBackend.writeFile}. */
export interface WriteFileOptions extends FileOptions {
  /** `false`: a symlink as the last component of the path is refused instead of followed. */
  readonly followSymlinks?: boolean | undefined;
}

/**
 * A regular file opened for reading: the metadata of the opened file (not of whatever the path
 * names by now) and its bytes, chunk by chunk, within the budget it was opened with.
 */
export interface FileReader {
  readonly stat: FileStat;
  /**
   * The next bytes, `null` at the end of the file. Rejects with `BACKEND_FILE_TOO_LARGE` once the
   * file holds more than the budget, and with the signal's reason once it fired.
   */
  read(): Promise<Uint8Array | null>;
  /** Releases the file; reading after it fails. Idempotent. */
  close(): Promise<void>;
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
  /**
   * A regular file's bytes. Rejects with `BACKEND_IO_FAILED` (e.g. `errno: "ENOENT"`),
   * `BACKEND_NOT_A_REGULAR_FILE` (a directory, FIFO, socket or device: refused without reading
   * it, so nothing blocks or runs for ever) or `BACKEND_FILE_TOO_LARGE` (over the budget).
   */
  readFile(path: string, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * Opens a regular file to read it in chunks, with the refusals of {@link readFile}, so a
   * reader that needs part of a file stops early. Optional: `openFileReader` falls back to
   * `stat` and `readFile` on backends without it.
   */
  openFile?(path: string, options?: ReadFileOptions): Promise<FileReader>;
  /**
   * Writes a regular file, creating it and missing parent directories. An existing target that
   * is not a regular file (a FIFO, a device) is refused with `BACKEND_NOT_A_REGULAR_FILE`.
   */
  writeFile(path: string, data: string | Uint8Array, options?: WriteFileOptions): Promise<void>;
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

/** The byte budget of a file read that names none (64 MiB). */
export const DEFAULT_MAX_READ_BYTES = 64 * 1024 * 1024;
