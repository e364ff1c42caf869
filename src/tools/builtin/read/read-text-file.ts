import type { ToolState } from "../../state/tool-state.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { mtimeSeconds } from "../read-cache/file-mtime.js";
import { cacheFile, getCache } from "../read-cache/read-cache.js";
import { type FileAccess, readBytes } from "./file-access.js";
import { changedDuringIoChunk } from "./file-path-guard.js";
import { formatLines } from "./format-lines.js";
import { decodeUtf8, normalizeNewlines, splitLinesKeepEnds } from "./split-lines.js";

/** How a text file is read: its lines (from the cache when valid), then formatted. */
export interface TextRead {
  readonly offset: number;
  readonly limit: number;
  readonly maxLineCharacters: number;
  /** The file's mtime in ms, stat'ed before reading (so a change during the read shows later). */
  readonly mtimeMs: number;
  readonly state: ToolState | undefined;
}

/**
 * A text file with line numbers. The lines (UTF-8 with replacement, CRLF/CR made LF, split
 * keeping their endings) come from the read cache when it is valid, else from the file, and are
 * cached under the requested path.
 */
export async function readTextFile(access: FileAccess, read: TextRead): Promise<ToolChunk> {
  const context = read.state?.tool_context;
  const mtime = mtimeSeconds(read.mtimeMs);
  let lines = context === undefined ? undefined : getCache(context, access.filePath, mtime)?.lines;
  if (lines === undefined) {
    const bytes = await readBytes(access);
    if (bytes === null) return changedDuringIoChunk(access.filePath, false);
    lines = splitLinesKeepEnds(normalizeNewlines(decodeUtf8(bytes)));
    if (context !== undefined) cacheFile(context, access.filePath, lines, mtime);
  }
  return textChunk(formatLines(lines, read.offset, read.limit, read.maxLineCharacters));
}
