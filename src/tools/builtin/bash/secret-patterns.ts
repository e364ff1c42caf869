import { sep } from "node:path";
import { fnmatch, isSecretPath } from "../../../permission/index.js";
import { globsIntersect } from "./glob-intersection.js";

/**
 * Files that hold a process's environment: reading one dumps it (departure 8). Segment patterns
 * anchored at the root.
 */
const ENVIRONMENT_FILES: readonly (readonly string[])[] = [
  ["proc", "*", "environ"],
  ["proc", "*", "task", "*", "environ"],
];

/**
 * A credential-file list prepared for the Bash analysis: the entries as segment lists, and the
 * directories that hold secrets (the leading segments of entries with a slash: `.ssh` from
 * `.ssh/id_*`, `.aws` from `.aws/credentials`). Built once per list.
 */
export class SecretPatterns {
  private static readonly cache = new WeakMap<readonly string[], SecretPatterns>();

  /** The prepared form of `secretFiles` (cached: the same list is judged on every call). */
  static of(secretFiles: readonly string[]): SecretPatterns {
    let patterns = SecretPatterns.cache.get(secretFiles);
    if (patterns === undefined) {
      patterns = new SecretPatterns(secretFiles);
      SecretPatterns.cache.set(secretFiles, patterns);
    }
    return patterns;
  }

  private readonly files: readonly (readonly string[])[];
  private readonly directories: readonly (readonly string[])[];

  private constructor(private readonly secretFiles: readonly string[]) {
    const files = secretFiles.filter((e) => !e.startsWith("!")).map(segmentsOf);
    const directories: (readonly string[])[] = [];
    for (const parts of files) {
      for (let n = 1; n < parts.length; n++) directories.push(parts.slice(0, n));
    }
    this.files = files.filter((parts) => parts.length > 0);
    this.directories = directories;
  }

  /** Whether an absolute path names a secret file, a directory of secrets, or an environment. */
  matches(absolute: string): boolean {
    if (isSecretPath(absolute, { secretFiles: this.secretFiles })) return true;
    const segments = segmentsOf(absolute);
    if (this.directories.some((parts) => endsWith(segments, parts, fnmatch))) return true;
    return ENVIRONMENT_FILES.some(
      (parts) => parts.length === segments.length && endsWith(segments, parts, fnmatch),
    );
  }

  /**
   * Whether some path matching the glob `pattern` (absolute, or a tail such as `*.pem`) may be a
   * secret file, a directory of secrets, or an environment file. Exemptions (`!*.pub`) are not
   * applied: a glob that may match `id_rsa` may also match `id_rsa.pub`.
   */
  globMayMatch(pattern: string): boolean {
    const segments = segmentsOf(pattern);
    const intersects = (name: string, part: string): boolean => globsIntersect(name, part);
    if (this.files.some((parts) => endsWith(segments, parts, intersects))) return true;
    if (this.directories.some((parts) => endsWith(segments, parts, intersects))) return true;
    return ENVIRONMENT_FILES.some(
      (parts) => parts.length === segments.length && endsWith(segments, parts, intersects),
    );
  }
}

function segmentsOf(path: string): string[] {
  return path
    .split(sep === "\\" ? /[\\/]/ : "/")
    .filter((s) => s.length > 0)
    .map((s) => s.toLowerCase());
}

/** Whether the last segments of `segments` match `parts`, one by one. */
function endsWith(
  segments: readonly string[],
  parts: readonly string[],
  matches: (segment: string, part: string) => boolean,
): boolean {
  if (parts.length === 0 || parts.length > segments.length) return false;
  const offset = segments.length - parts.length;
  return parts.every((part, i) => matches(segments[offset + i] ?? "", part));
}
