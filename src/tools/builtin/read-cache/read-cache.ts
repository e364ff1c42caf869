import type { ReadCacheEntry } from "../../state/read-cache-entry.js";
import type { ToolContext } from "../../state/tool-context.js";

/*
 * The Read cache of spec §5.4, as functions over the `ToolContext` the agent state carries (the
 * state is plain data, persisted as JSON). The list is an LRU: its end is the most recently used.
 * The functions do no I/O: callers pass the file's current mtime (seconds, `null` when the file
 * cannot be stat'ed), read through whatever backend serves the file, so the same cache works for
 * local and sandboxed files and cannot be raced by a stat that happens between two awaits.
 */

/**
 * The entry for `filePath` if it is still valid: found and recorded with the file's current
 * mtime. A hit moves the entry to the end (most recently used); a stale entry (another mtime, or
 * the file is gone: `mtime` is `null`) is removed and `null` returned.
 *
 * @example
 * const entry = getCache(state.tool_context, "/repo/a.ts", await fileMtime(backend, "/repo/a.ts"));
 * if (entry === null) … // must Read first
 */
export function getCache(
  context: ToolContext,
  filePath: string,
  mtime: number | null,
): ReadCacheEntry | null {
  const cache = context.read_file_cache;
  const index = cache.findIndex((entry) => entry.file_path === filePath);
  if (index < 0) return null;
  const entry = cache[index] as ReadCacheEntry;
  cache.splice(index, 1);
  if (mtime === null || entry.updated_at !== mtime) return null;
  cache.push(entry);
  return entry;
}

/**
 * Records a file's lines (with their line endings) read at `mtime`. Skipped when the mtime is
 * unknown (`null`). Any older entry of the file is dropped; then the oldest entries are evicted
 * while the list holds `max_cache_files` entries or more, then while the cached size plus the new
 * entry's would exceed `max_cache_bytes` KB (the new entry is kept even if it alone is larger);
 * the new entry goes to the end.
 */
export function cacheFile(
  context: ToolContext,
  filePath: string,
  lines: readonly string[],
  mtime: number | null,
): void {
  if (mtime === null) return;
  const size = cacheEntryBytes(lines);
  const cache = context.read_file_cache.filter((entry) => entry.file_path !== filePath);
  while (cache.length > 0 && cache.length >= context.max_cache_files) cache.shift();
  let total = cache.reduce((sum, entry) => sum + entry.bytes, 0);
  while (cache.length > 0 && total + size > context.max_cache_bytes) {
    total -= (cache.shift() as ReadCacheEntry).bytes;
  }
  cache.push({ lines: [...lines], updated_at: mtime, bytes: size, file_path: filePath });
  context.read_file_cache = cache;
}

/**
 * Keeps only the entries whose path is in `keep` (after context compression: the `file_path`s of
 * the Read calls still in the reserved context). No argument clears the cache.
 */
export function cleanFileCache(context: ToolContext, keep: Iterable<string> = []): void {
  const kept = new Set(keep);
  context.read_file_cache = context.read_file_cache.filter((entry) => kept.has(entry.file_path));
}

/** An entry's size as the cache counts it: UTF-8 bytes of the lines, in KB (bytes / 1024). */
export function cacheEntryBytes(lines: readonly string[]): number {
  let bytes = 0;
  for (const line of lines) bytes += Buffer.byteLength(line, "utf8");
  return bytes / 1024;
}
