import { sep } from "node:path";
import { absolutePath } from "./expand-home.js";

/** Files whose change can run code or leak secrets (shell rc files, credentials, env files). */
export const DEFAULT_DANGEROUS_FILES: readonly string[] = [
  ".gitconfig",
  ".gitmodules",
  ".bashrc",
  ".bash_profile",
  ".zshrc",
  ".zprofile",
  ".profile",
  ".ssh/config",
  ".ssh/authorized_keys",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".env",
  ".envrc",
  ".env.local",
  ".env.development",
  ".env.development.local",
  ".env.test",
  ".env.test.local",
  ".env.staging",
  ".env.production",
  ".env.production.local",
];

/** Directories whose contents are configuration or secrets. */
export const DEFAULT_DANGEROUS_DIRECTORIES: readonly string[] = [
  ".git",
  ".vscode",
  ".idea",
  ".ssh",
];

export interface DangerousPathOptions {
  /** Replaces {@link DEFAULT_DANGEROUS_FILES}; `[]` disables the file check. */
  dangerousFiles?: readonly string[];
  /** Replaces {@link DEFAULT_DANGEROUS_DIRECTORIES}; `[]` disables the directory check. */
  dangerousDirectories?: readonly string[];
  /** Base for relative paths (default: the process cwd). */
  cwd?: string;
}

/**
 * Whether a path names a sensitive file: its basename equals a dangerous file, or any segment
 * equals a dangerous directory (case-insensitive, since macOS and Windows file systems are).
 * Departure 3 of the spec: a dangerous-file entry with a slash (`.ssh/config`) matches as a path
 * suffix, segment by segment. The path is judged as given (`~` expanded, made absolute, no disk
 * access): callers that read paths out of shell words unquote them first.
 *
 * @example
 * isDangerousPath("~/.bashrc"); // true
 * isDangerousPath("/repo/.git/hooks/pre-commit"); // true
 */
export function isDangerousPath(path: string, options: DangerousPathOptions = {}): boolean {
  const files = options.dangerousFiles ?? DEFAULT_DANGEROUS_FILES;
  const directories = options.dangerousDirectories ?? DEFAULT_DANGEROUS_DIRECTORIES;
  const segments = absolutePath(path, options.cwd)
    .split(sep)
    .filter((s) => s.length > 0)
    .map((s) => s.toLowerCase());
  const name = segments.at(-1) ?? "";
  for (const entry of files) {
    const parts = entry
      .toLowerCase()
      .split("/")
      .filter((s) => s.length > 0);
    if (parts.length === 0) continue;
    if (parts.length === 1 ? parts[0] === name : endsWith(segments, parts)) return true;
  }
  // Lists are read on every call (not cached) so a list changed after construction still counts.
  const dirs = new Set(directories.map((d) => d.toLowerCase()));
  return segments.some((s) => dirs.has(s));
}

function endsWith(segments: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length > segments.length) return false;
  const offset = segments.length - suffix.length;
  return suffix.every((part, i) => segments[offset + i] === part);
}
