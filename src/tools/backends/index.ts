export {
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_RUN_TIMEOUT_MS,
  type BashShell,
  type DirEntry,
  type ExecutionBackend,
  type FileKind,
  type FileOptions,
  type FileStat,
  type RunOptions,
  type RunResult,
} from "./execution-backend.js";
export { LocalBackend, type LocalBackendOptions } from "./local-backend.js";
export { BackendErrorCode, BackendIoError } from "./backend-error.js";
export { BashNotFoundError, ShellErrorCode, findBash } from "./bash-shell.js";
export { CappedBuffer } from "./capped-buffer.js";
export { signalProcessGroup } from "./process-group.js";
