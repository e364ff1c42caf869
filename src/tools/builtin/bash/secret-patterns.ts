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

type SegmentMatch = (segment: string, part: string) => boolean;

const intersects: SegmentMatch = (segment, part) => globsIntersect(segment, part);

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
  /** Exemptions by name (`!*.pub`). */
  private readonly exemptions: readonly string[];
  /** The last segment of every entry: a path can only be a secret if its name matches one. */
  private readonly names: readonly string[];

  private constructor(private readonly secretFiles: readonly string[]) {
    const files = secretFiles
      .filter((e) => !e.startsWith("!"))
      .map(segmentsOf)
      .filter((parts) => parts.length > 0);
    const directories: (readonly string[])[] = [];
    for (const parts of files) {
      for (let n = 1; n < parts.length; n++) directories.push(parts.slice(0, n));
    }
    this.files = files;
    this.directories = directories;
    this.names = [...new Set(files.map((parts) => parts.at(-1) ?? ""))];
    this.exemptions = secretFiles
      .filter((e) => e.startsWith("!") && !e.includes("/"))
      .map((e) => e.slice(1).toLowerCase());
  }

  /** Whether an absolute path names a secret file, a directory of secrets, or an environment. */
  matches(absolute: string): boolean {
    const segments = segmentsOf(absolute);
    const name = segments.at(-1) ?? "";
    // A cheap necessary condition first: this runs for every word of every command.
    const named = this.names.some((pattern) => fnmatch(name, pattern));
    if (named && isSecretPath(absolute, { secretFiles: this.secretFiles })) return true;
    if (this.directories.some((parts) => endsWith(segments, parts, fnmatch))) return true;
    return ENVIRONMENT_FILES.some(
      (parts) => parts.length === segments.length && endsWith(segments, parts, fnmatch),
    );
  }

  /**
   * Whether some path matching the glob `pattern` (absolute) may be a secret file, a directory
   * of secrets, or an environment file. Exemptions (`!*.pub`) are not applied: a glob that may
   * match `id_rsa` may also match `id_rsa.pub`. With `byName: false`, entries that name a file
   * by its name alone (`*.pem`, `.env`) are left out: the caller judges names itself.
   */
  globMayMatch(pattern: string, byName = true): boolean {
    const segments = segmentsOf(pattern);
    const files = byName ? this.files : this.files.filter((parts) => parts.length > 1);
    if (files.some((parts) => endsWith(segments, parts, intersects))) return true;
    if (this.directories.some((parts) => endsWith(segments, parts, intersects))) return true;
    return ENVIRONMENT_FILES.some(
      (parts) => parts.length === segments.length && endsWith(segments, parts, intersects),
    );
  }

  /**
   * Whether the text after an expansion (`/.ssh/id_rsa` in `"$HOME/.ssh/id_rsa"`, `.pem` in
   * `${KEY}.pem`) may end a secret path, whatever the expansion holds: it supplies any leading
   * segments, and the start of the first one when the tail does not begin with `/`.
   */
  tailMayMatch(tail: string): boolean {
    const segments = segmentsOf(tail);
    const last = segments.at(-1);
    if (last === undefined) return false;
    if (!/[*?[]/.test(last) && this.exemptions.some((e) => fnmatch(last, e))) return false;
    const glued = !tail.startsWith("/");
    const match = (parts: readonly string[]): boolean => {
      const n = Math.min(segments.length, parts.length);
      const offset = segments.length - n;
      const partOffset = parts.length - n;
      for (let i = 0; i < n; i++) {
        const segment = segments[offset + i] ?? "";
        const part = parts[partOffset + i] ?? "";
        const startsWithExpansion = glued && offset + i === 0;
        const ok = startsWithExpansion
          ? globsIntersect(`*${segment}`, part, false)
          : globsIntersect(segment, part);
        if (!ok) return false;
      }
      return true;
    };
    return this.files.some(match) || this.directories.some(match) || ENVIRONMENT_FILES.some(match);
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
  matches: SegmentMatch,
): boolean {
  if (parts.length === 0 || parts.length > segments.length) return false;
  const offset = segments.length - parts.length;
  return parts.every((part, i) => matches(segments[offset + i] ?? "", part));
}
