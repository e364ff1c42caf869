import type { ReadCacheEntry } from "../../state/read-cache-entry.js";
import { textDigest } from "../../state/text-digest.js";
import type { ToolContext } from "../../state/tool-context.js";

/** What a cache entry records of a file's text: its digest (`null`: too large) and size in KB. */
export type CachedText = Pick<ReadCacheEntry, "digest" | "bytes">;

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
 * Records a file read at `mtime`: its text's digest and size (`text`), or its lines (digested
 * here). Skipped when the mtime is unknown (`null`). Any older entry of the file is dropped; then
 * the oldest entries are evicted while the list holds `max_cache_files` entries or more, then
 * while the cached size plus the new entry's would exceed `max_cache_bytes` KB (the new entry is
 * kept even if it alone is larger); the new entry goes to the end.
 */
export function cacheFile(
  context: ToolContext,
  filePath: string,
  text: CachedText | readonly string[],
  mtime: number | null,
): void {
  if (mtime === null) return;
  const record = isLines(text)
    ? { digest: textDigest(text.join("")), bytes: cacheEntryBytes(text) }
    : text;
  const size = record.bytes;
  const cache = context.read_file_cache.filter((entry) => entry.file_path !== filePath);
  while (cache.length > 0 && cache.length >= context.max_cache_files) cache.shift();
  let total = cache.reduce((sum, entry) => sum + entry.bytes, 0);
  while (cache.length > 0 && total + size > context.max_cache_bytes) {
    total -= (cache.shift() as ReadCacheEntry).bytes;
  }
  cache.push({ updated_at: mtime, bytes: size, file_path: filePath, digest: record.digest });
  context.read_file_cache = cache;
}

/**
 * Whether `text` (the file as read now, decoded and LF-normalised) is the text the entry was
 * made from. An entry without a digest (the file was too large to digest) matches any text: the
 * reference's mtime rule alone applies.
 */
export function matchesCachedText(entry: ReadCacheEntry, text: string): boolean {
  return entry.digest === null || entry.digest === textDigest(text);
}

/** Removes the entry of `filePath`, if any (the file changed under an unchanged mtime). */
export function forgetFile(context: ToolContext, filePath: string): void {
  context.read_file_cache = context.read_file_cache.filter((e) => e.file_path !== filePath);
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

function isLines(text: CachedText | readonly string[]): text is readonly string[] {
  return Array.isArray(text);
}
