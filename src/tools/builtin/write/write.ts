import type { ToolInput } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { mtimeSeconds } from "../read-cache/file-mtime.js";
import { getCache } from "../read-cache/read-cache.js";
import { FileTooLargeError } from "../../backends/file-too-large-error.js";
import { ioRefusal, notRegularFileChunk, readBytes, writeText } from "../read/file-access.js";
import { changedDuringIoChunk } from "../read/file-path-guard.js";

import { errorChunk } from "../read/result-chunks.js";
import { decodeUtf8Strict, splitLinesKeepEnds } from "../read/split-lines.js";
import { FileEditTool, type FileEditToolOptions } from "./file-edit-tool.js";
import { unifiedDiff } from "./unified-diff.js";
import {
  WRITE_DESCRIPTION,
  type WriteInput,
  WriteInputSchema,
  writeInputJsonSchema,
} from "./write-input.js";

/** Options of {@link Write}. */
export type WriteOptions = FileEditToolOptions;

/**
 * The Write tool (spec §5.3): creates or overwrites a file (UTF-8, parent directories created).
 * An existing file must have been read first (a valid entry in the read cache of the agent state,
 * same mtime); Write does not refresh that entry, so writing again needs a new Read. The result's
 * metadata carries a unified diff (`diff`, `file_path`, `occurrences: 1`) for frontends.
 *
 * Sensitive paths need the user's confirmation, which allow rules cannot give; in `accept_edits`
 * and `dont_ask` modes files inside a working directory are allowed. The call acts on the real
 * path its permission check saw and refuses a symlink that escapes it (see `FilePathGuard`). A
 * target that is not a regular file (a FIFO, a socket, a device) is refused, never opened blocking.
 *
 * @example
 * const write = new Write();
 * await engine.decide(write, { file_path: "/repo/notes.md", content: "# Notes\n" });
 */
export class Write extends FileEditTool {
  readonly name = "Write";
  readonly description = WRITE_DESCRIPTION;
  readonly inputSchema: JsonSchema = writeInputJsonSchema();

  constructor(options: WriteOptions = {}) {
    super(options, { tool: "Write", verb: "writing" });
  }

  /** Writes the file; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    return this.runGuarded(WriteInputSchema, input, context, "Error writing file", (value) =>
      this.write(value, context),
    );
  }

  private async write(input: WriteInput, context: ToolCallContext): Promise<ToolChunk> {
    const { file_path: filePath, content } = input;
    const gate = await this.admitAccess(filePath, context);
    if (!gate.ok) return gate.chunk;
    const access = gate.access;
    const stat = await this.backend.stat(access.real);
    if (stat?.kind === "directory") {
      return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
    }
    // A FIFO, socket or device is refused here, unopened (the backend refuses it too).
    if (stat?.kind === "other")
      return notRegularFileChunk(filePath, stat.special ?? "special file");
    const existed = stat !== null;
    const toolContext = context.state?.tool_context;
    if (
      existed &&
      toolContext !== undefined &&
      getCache(toolContext, filePath, mtimeSeconds(stat.mtimeMs)) === null
    ) {
      return errorChunk(
        `Error: File ${filePath} exists but has not been read yet. You must read the file ` +
          "first before writing to it.",
      );
    }
    let previous = "";
    if (existed) {
      let bytes: Uint8Array | null = new Uint8Array(0);
      try {
        bytes = await readBytes(access, this.maxFileBytes);
      } catch (error) {
        if (context.signal.aborted) throw error;
        // The diff is best effort: an unreadable or too large old file diffs as empty, as an
        // undecodable one does in the reference. A FIFO or a device is refused outright.
        if (!(error instanceof FileTooLargeError)) {
          const refusal = ioRefusal(error, filePath, () => "");
          if (refusal !== null) return refusal;
        }
      }
      if (bytes === null) return changedDuringIoChunk(filePath, false);
      previous = decodeUtf8Strict(bytes) ?? "";
    }
    try {
      if (!(await writeText(access, content))) return changedDuringIoChunk(filePath, true);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const refusal = ioRefusal(error, filePath, () => "");
      if (refusal !== null) return refusal;
      throw error;
    }
    const diff = unifiedDiff(splitLinesKeepEnds(previous), splitLinesKeepEnds(content), {
      fromFile: existed ? `a/${filePath}` : "/dev/null",
      toFile: `b/${filePath}`,
    });
    return textChunk(
      `The file ${filePath} has been written successfully (${content.split("\n").length} lines).`,
      { metadata: { diff, file_path: filePath, occurrences: 1 } },
    );
  }
}
