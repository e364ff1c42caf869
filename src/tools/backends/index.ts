export {
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_READ_BYTES,
  DEFAULT_RUN_TIMEOUT_MS,
  type BashShell,
  type DirEntry,
  type ExecutionBackend,
  type FileKind,
  type FileOptions,
  type FileReader,
  type FileStat,
  type ReadFileOptions,
  type RunOptions,
  type RunResult,
  type WriteFileOptions,
} from "./execution-backend.js";
export { LocalBackend, type LocalBackendOptions } from "./local-backend.js";
export { BackendErrorCode, BackendIoError } from "./backend-error.js";
export { NotRegularFileError, type SpecialFileKind } from "./not-regular-file-error.js";
export { FileTooLargeError } from "./file-too-large-error.js";
export { openFileReader } from "./open-file-reader.js";
export { BashNotFoundError, ShellErrorCode, findBash } from "./bash-shell.js";
export { CappedBuffer } from "./capped-buffer.js";
export { syncDirectory, writeFileAtomic, writeTempBeside } from "./atomic-write.js";
export { signalProcessGroup } from "./process-group.js";
