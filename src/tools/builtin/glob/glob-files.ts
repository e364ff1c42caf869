import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { abortable } from "../read/abortable.js";
import { pathFlavour } from "../read/python-path.js";
import { globSegmentMatcher, globSegments } from "./glob-segment.js";

/** One entry of a directory, seen without following symlinks. */
interface Entry {
  readonly name: string;
  readonly path: string;
  readonly kind: "file" | "directory" | "other";
  readonly mtimeMs: number;
}

/**
 * The regular files under `base` matching `pattern` (spec §5.5), newest first (ties in the
 * order found). `**` matches zero or more directories (a trailing `**` every file below);
 * other segments match one name (see `globSegmentMatcher`). Symlinks are never followed nor
 * returned; unreadable directories are skipped. Paths are `base` joined with the names
 * (absolute when `base` is).
 *
 * Stops with the signal's reason as soon as `signal` fires, even inside a backend call.
 */
export async function globFiles(
  backend: ExecutionBackend,
  base: string,
  pattern: string,
  signal: AbortSignal,
): Promise<string[]> {
  const walker = new GlobWalker(backend, globSegments(pattern), signal);
  await walker.match(0, base);
  return [...walker.found.values()].sort((a, b) => b.mtimeMs - a.mtimeMs).map((e) => e.path);
}

class GlobWalker {
  /** Matches by path, in the order found; a path found twice (`**\/**`) is listed once. */
  readonly found = new Map<string, Entry>();
  private readonly matchers: ((name: string) => boolean)[];
  private readonly separator: string;

  constructor(
    private readonly backend: ExecutionBackend,
    private readonly parts: readonly string[],
    private readonly signal: AbortSignal,
  ) {
    this.matchers = parts.map(globSegmentMatcher);
    this.separator = pathFlavour(backend).sep;
  }

  async match(index: number, directory: string): Promise<void> {
    const part = this.parts[index];
    if (part === undefined) return;
    const isLast = index === this.parts.length - 1;
    if (part === "**") {
      if (isLast) return this.collectAll(directory);
      await this.match(index + 1, directory);
      for (const entry of await this.list(directory)) {
        if (entry.kind === "directory") await this.match(index, entry.path);
      }
      return;
    }
    const matches = this.matchers[index] as (name: string) => boolean;
    for (const entry of await this.list(directory)) {
      if (!matches(entry.name)) continue;
      if (isLast) {
        if (entry.kind === "file") this.add(entry);
      } else if (entry.kind === "directory") {
        await this.match(index + 1, entry.path);
      }
    }
  }

  private async collectAll(directory: string): Promise<void> {
    for (const entry of await this.list(directory)) {
      if (entry.kind === "file") this.add(entry);
      else if (entry.kind === "directory") await this.collectAll(entry.path);
    }
  }

  private add(entry: Entry): void {
    if (!this.found.has(entry.path)) this.found.set(entry.path, entry);
  }

  private join(directory: string, name: string): string {
    return directory.endsWith(this.separator) || directory.endsWith("/")
      ? directory + name
      : directory + this.separator + name;
  }

  /**
   * A directory's entries with their own kind (a symlink is `other`, never followed). The
   * listing reports kinds through symlinks, so each candidate is checked without following.
   */
  private async list(directory: string): Promise<Entry[]> {
    this.signal.throwIfAborted();
    let names: { name: string; kind: string }[];
    try {
      names = await abortable(this.backend.listDir(directory), this.signal);
    } catch {
      this.signal.throwIfAborted();
      return []; // unreadable or gone meanwhile: skipped, as the reference does
    }
    const entries = await abortable(
      Promise.all(
        names.map(async ({ name, kind }): Promise<Entry> => {
          const path = this.join(directory, name);
          if (kind !== "file" && kind !== "directory")
            return { name, path, kind: "other", mtimeMs: 0 };
          try {
            const own = await this.backend.stat(path, { followSymlinks: false });
            const ownKind = own?.kind === "file" || own?.kind === "directory" ? own.kind : "other";
            return { name, path, kind: ownKind, mtimeMs: own?.mtimeMs ?? 0 };
          } catch {
            return { name, path, kind: "other", mtimeMs: 0 };
          }
        }),
      ),
      this.signal,
    );
    return entries;
  }
}
