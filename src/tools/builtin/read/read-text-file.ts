import { FileTooLargeError } from "../../backends/file-too-large-error.js";
import { openFileReader } from "../../backends/open-file-reader.js";
import type { FileReader } from "../../backends/execution-backend.js";
import type { ToolState } from "../../state/tool-state.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { mtimeSeconds } from "../read-cache/file-mtime.js";
import { cacheFile } from "../read-cache/read-cache.js";
import { type FileAccess, ioRefusal } from "./file-access.js";
import { changedDuringIoChunk } from "./file-path-guard.js";
import { FileToolErrorCode } from "./file-tool-error-code.js";
import { formatNumberedLines } from "./format-lines.js";
import { errorChunk } from "./result-chunks.js";
import { TextWindow } from "./text-window.js";

/** How a text file is read. */
export interface TextRead {
  readonly offset: number;
  readonly limit: number;
  readonly maxLineCharacters: number;
  /** The most bytes of the file one read scans (for its lines and for the cache's digest). */
  readonly maxBytes: number;
  readonly state: ToolState | undefined;
}

/**
 * A text file with line numbers (spec §5.2), streamed: only lines `offset .. offset+limit-1` are
 * kept, so a 5 GB file costs its window, not its size. Without a state the read stops once the
 * window is full; with one it goes on to the end (or `maxBytes`) to digest the text for the read
 * cache (§5.4), which records the digest, not the lines. The mtime cached is that of the opened
 * file, so a change during the read shows as a stale entry later.
 *
 * A read that reaches `maxBytes` before the window is full returns the lines it has and says
 * where it stopped; with none, it is a `FILE_TOO_LARGE` error.
 */
export async function readTextFile(access: FileAccess, read: TextRead): Promise<ToolChunk> {
  const context = read.state?.tool_context;
  let reader: FileReader;
  try {
    reader = await openFileReader(access.backend, access.real, {
      signal: access.signal,
      maxBytes: read.maxBytes,
      followSymlinks: false,
    });
  } catch (error) {
    const refusal = ioRefusal(error, access.filePath, () => tooLargeText(access, read, 0));
    if (refusal !== null) return refusal;
    throw error;
  }
  // A file that says it is over the budget cannot be digested: only its window is read.
  const window = new TextWindow(
    read.offset,
    read.limit,
    read.maxLineCharacters,
    context !== undefined && reader.stat.size <= read.maxBytes,
  );
  let stopped = false;
  let atEnd = false;
  try {
    for (let chunk = await reader.read(); ; chunk = await reader.read()) {
      if (chunk === null) {
        atEnd = true;
        break;
      }
      if (!window.push(chunk)) break;
    }
  } catch (error) {
    if (!(error instanceof FileTooLargeError)) throw error;
    stopped = true;
  } finally {
    await reader.close();
  }
  if (!(await access.guard.unchanged(access.real)))
    return changedDuringIoChunk(access.filePath, false);
  const result = window.finish(atEnd);
  if (context !== undefined) {
    const bytes = atEnd ? result.textBytes : Math.max(reader.stat.size, result.textBytes);
    cacheFile(
      context,
      access.filePath,
      { digest: result.digest, bytes: bytes / 1024 },
      mtimeSeconds(reader.stat.mtimeMs),
    );
  }
  const text = formatNumberedLines(result.lines, result.firstLine, read.maxLineCharacters);
  if (!stopped || result.completeLines >= read.offset - 1 + read.limit) return textChunk(text);
  if (result.lines.length === 0) {
    return errorChunk(
      tooLargeText(access, read, result.completeLines),
      FileToolErrorCode.FILE_TOO_LARGE,
    );
  }
  const last = result.firstLine + result.lines.length - 1;
  return textChunk(
    `${text}\n\n[Read stopped after ${read.maxBytes} bytes of ${access.filePath}; the file ` +
      `continues after line ${last}.]`,
  );
}

/** The error of a text read whose budget ran out before its first line. */
function tooLargeText(access: FileAccess, read: TextRead, seen: number): string {
  return (
    `Error: File too large: Read scans at most ${read.maxBytes} bytes of a text file, and ` +
    `${access.filePath} holds only ${seen} complete line(s) in them, before line ${read.offset}. ` +
    "Search it with Grep instead."
  );
}
