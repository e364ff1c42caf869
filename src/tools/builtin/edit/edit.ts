import type { ToolInput } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { mtimeSeconds } from "../read-cache/file-mtime.js";
import { forgetFile, getCache, matchesCachedText } from "../read-cache/read-cache.js";
import {
  heldBytes,
  ioRefusal,
  notRegularFileChunk,
  readBytes,
  writeText,
} from "../read/file-access.js";
import { changedDuringIoChunk } from "../read/file-path-guard.js";

import { errorChunk, errorMessage, interruptedChunk } from "../read/result-chunks.js";
import { decodeUtf8, normalizeNewlines, splitLinesKeepEnds } from "../read/split-lines.js";
import { FileEditTool, type FileEditToolOptions } from "../write/file-edit-tool.js";
import { unifiedDiff } from "../write/unified-diff.js";
import {
  EDIT_DESCRIPTION,
  type EditInput,
  EditInputSchema,
  editInputJsonSchema,
} from "./edit-input.js";
import { pyCount, pyReplace } from "./py-string.js";

/** Options of {@link Edit}. */
export type EditOptions = FileEditToolOptions;

/** What the model reads when the file was not read, or changed since (the reference's text). */
const MUST_READ_FIRST = "Error: To edit a file, you must first read it using the Read tool.";

/**
 * The Edit tool (spec §5.3): replaces an exact string in a file, once (it must be unique) or
 * everywhere (`replace_all`). With the agent state, the file must have been read first and not
 * changed since: the read cache's mtime, and (a departure: the cache keeps a digest, not the
 * lines) the digest of the text read now, so a change under an unchanged mtime is caught too.
 * The file is read from disk (at most `maxFileBytes`). Line endings are normalised to LF, and the
 * written file is LF too. The result's metadata carries a unified diff (`diff`, `file_path`, `occurrences`).
 * Edit does not refresh the cache: editing again needs a new Read.
 *
 * Permissions as for Write. The call acts on the real path its permission check saw and refuses
 * a symlink that escapes it (see `FilePathGuard`).
 *
 * @example
 * await collect(read.invoke({ file_path: "/repo/a.ts" }, { state }));
 * await collect(edit.invoke({ file_path: "/repo/a.ts", old_string: "foo", new_string: "bar" }, { state }));
 */
export class Edit extends FileEditTool {
  readonly name = "Edit";
  readonly description = EDIT_DESCRIPTION;
  readonly inputSchema: JsonSchema = editInputJsonSchema();

  constructor(options: EditOptions = {}) {
    super(options, { tool: "Edit", verb: "editing" });
  }

  /** Edits the file; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    return this.runGuarded(EditInputSchema, input, context, "Error reading file", (value) =>
      this.edit(value, context),
    );
  }

  private async edit(input: EditInput, context: ToolCallContext): Promise<ToolChunk> {
    const { file_path: filePath, old_string: oldString, new_string: newString } = input;
    const gate = await this.admitAccess(filePath, context);
    if (!gate.ok) return gate.chunk;
    const access = gate.access;
    const stat = await this.backend.stat(access.real);
    if (stat === null) return errorChunk(`Error: File not found: ${filePath}`);
    if (stat.kind === "directory") {
      return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
    }
    // A FIFO, socket or device is refused here, unopened (the backend refuses it too).
    if (stat.kind === "other") return notRegularFileChunk(filePath, stat.special ?? "special file");
    if (oldString === newString) {
      return errorChunk("Error: old_string and new_string are identical. No changes to make.");
    }
    const toolContext = context.state?.tool_context;
    const entry =
      toolContext === undefined
        ? null
        : getCache(toolContext, filePath, mtimeSeconds(stat.mtimeMs));
    if (toolContext !== undefined && entry === null) return errorChunk(MUST_READ_FIRST);

    let bytes: Uint8Array | null;
    try {
      bytes = await readBytes(access, this.maxFileBytes);
    } catch (error) {
      const refusal = ioRefusal(
        error,
        filePath,
        (e) =>
          `Error: File too large to edit: ${filePath} is ${heldBytes(e)}, Edit edits files of at most ${e.limit} bytes.`,
      );
      if (refusal !== null) return refusal;
      throw error;
    }
    if (bytes === null) return changedDuringIoChunk(filePath, false);
    const content = normalizeNewlines(decodeUtf8(bytes));
    if (toolContext !== undefined && entry !== null && !matchesCachedText(entry, content)) {
      // Changed since the Read under the same mtime: the model must see the new text first.
      forgetFile(toolContext, filePath);
      return errorChunk(MUST_READ_FIRST);
    }

    const occurrences = pyCount(content, oldString);
    if (occurrences === 0) return errorChunk(`Error: old_string not found in ${filePath}`);
    if (occurrences > 1 && !input.replace_all) {
      return errorChunk(
        `Error: old_string appears ${occurrences} times in ${filePath}. Set replace_all=true to ` +
          "replace all occurrences, or make old_string more specific.",
      );
    }
    const updated = pyReplace(content, oldString, newString, input.replace_all);
    try {
      if (!(await writeText(access, updated))) return changedDuringIoChunk(filePath, true);
    } catch (error) {
      if (context.signal.aborted) return interruptedChunk();
      const refusal = ioRefusal(error, filePath, () => "");
      return refusal ?? errorChunk(`Error writing file: ${errorMessage(error)}`);
    }
    const diff = unifiedDiff(splitLinesKeepEnds(content), splitLinesKeepEnds(updated), {
      fromFile: `a/${filePath}`,
      toFile: `b/${filePath}`,
    });
    return textChunk(
      input.replace_all
        ? `Successfully replaced all ${occurrences} occurrences in ${filePath}`
        : `Successfully replaced 1 occurrence in ${filePath}`,
      {
        metadata: {
          diff,
          file_path: filePath,
          occurrences: input.replace_all ? occurrences : 1,
        },
      },
    );
  }
}
