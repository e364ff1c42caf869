/**
 * Stable codes of the file tools' own refusals, carried in the error chunk's
 * `metadata.code` so that callers (the agent, a UI, tests) never parse the text the model reads.
 */
export const FileToolErrorCode = {
  /** A symlink on the path dangles or loops, so where the call would land cannot be known. */
  SYMLINK_UNRESOLVABLE: "SYMLINK_UNRESOLVABLE",
  /** The path resolves elsewhere than when the permission check approved it. */
  PATH_CHANGED_SINCE_CHECK: "PATH_CHANGED_SINCE_CHECK",
  /** A harmless-looking path leads through a symlink to a sensitive file or directory. */
  SYMLINK_TO_SENSITIVE_PATH: "SYMLINK_TO_SENSITIVE_PATH",
  /**
   * A path inside a working directory leads through a symbolic link outside them, and no
   * permission check of this process saw it (a call resumed elsewhere, or made without a check).
   */
  SYMLINK_OUTSIDE_WORKING_DIRECTORIES: "SYMLINK_OUTSIDE_WORKING_DIRECTORIES",
  /** A symlink on the path was created or swapped while the file was being read or written. */
  PATH_CHANGED_DURING_IO: "PATH_CHANGED_DURING_IO",
  /** The path names a FIFO, socket or device (never opened, or refused once opened). */
  NOT_A_REGULAR_FILE: "NOT_A_REGULAR_FILE",
  /** The file holds more bytes than the tool reads (images, PDFs, edits, a text's lines). */
  FILE_TOO_LARGE: "FILE_TOO_LARGE",
  /** The input does not satisfy the tool's input schema (a call made without the toolkit). */
  INVALID_INPUT: "INVALID_INPUT",
  /** The search ran out of time. */
  TIMED_OUT: "TIMED_OUT",
} as const;

export type FileToolErrorCode = (typeof FileToolErrorCode)[keyof typeof FileToolErrorCode];
