import type {
  PermissionContext,
  PermissionDecision,
  ToolInput,
} from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { mtimeSeconds } from "../read-cache/file-mtime.js";
import { getCache } from "../read-cache/read-cache.js";
import { type FileAccess, readBytes, writeText } from "../read/file-access.js";
import { changedDuringIoChunk } from "../read/file-path-guard.js";
import { FileTool, type FileToolOptions, filePathOf } from "../read/file-tool.js";
import { errorChunk, errorMessage, interruptedChunk } from "../read/result-chunks.js";
import { decodeUtf8, normalizeNewlines, splitLinesKeepEnds } from "../read/split-lines.js";
import { checkFileEditPermissions } from "../write/file-edit-permissions.js";
import { unifiedDiff } from "../write/unified-diff.js";
import {
  EDIT_DESCRIPTION,
  type EditInput,
  EditInputSchema,
  editInputJsonSchema,
} from "./edit-input.js";
import { pyCount, pyReplace } from "./py-string.js";

/** Options of {@link Edit}. */
export type EditOptions = FileToolOptions;

/**
 * The Edit tool (spec §5.3): replaces an exact string in a file, once (it must be unique) or
 * everywhere (`replace_all`). With the agent state, the file must have been read first and not
 * changed since (the read cache's mtime), and the edit applies to the cached content; without
 * state, the file is read from disk. Line endings are normalised to LF, and the written file is
 * LF too. The result's metadata carries a unified diff (`diff`, `file_path`, `occurrences`).
 * Edit does not refresh the cache: editing again needs a new Read.
 *
 * Permissions as for Write. The call acts on the real path its permission check saw and refuses
 * a symlink that escapes it (see `FilePathGuard`).
 *
 * @example
 * await collect(read.invoke({ file_path: "/repo/a.ts" }, { state }));
 * await collect(edit.invoke({ file_path: "/repo/a.ts", old_string: "foo", new_string: "bar" }, { state }));
 */
export class Edit extends FileTool {
  readonly name = "Edit";
  readonly description = EDIT_DESCRIPTION;
  readonly inputSchema: JsonSchema = editInputJsonSchema();
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly isStateInjected = true;

  constructor(options: EditOptions = {}) {
    super(options);
  }

  /** Spec §4's Edit check, stricter on symlinks (see `checkFileEditPermissions`). */
  checkPermissions(input: ToolInput, context: PermissionContext): Promise<PermissionDecision> {
    return checkFileEditPermissions(
      { tool: "Edit", verb: "editing" },
      filePathOf(input),
      context,
      this.guard,
      { dangerousFiles: this.dangerousFiles, dangerousDirectories: this.dangerousDirectories },
    );
  }

  /** Edits the file; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    return this.runGuarded(EditInputSchema, input, context, "Error reading file", (value) =>
      this.edit(value, context),
    );
  }

  private async edit(input: EditInput, context: ToolCallContext): Promise<ToolChunk> {
    const { file_path: filePath, old_string: oldString, new_string: newString } = input;
    if (!this.isAbsolute(filePath)) {
      return errorChunk(`Error: file_path must be an absolute path, got: ${filePath}`);
    }
    const admission = await this.guard.admit(filePath);
    if (!admission.ok) return errorChunk(admission.message, admission.code);
    const access: FileAccess = {
      backend: this.backend,
      guard: this.guard,
      filePath,
      real: admission.real,
      signal: context.signal,
    };
    const stat = await this.backend.stat(access.real);
    if (stat === null) return errorChunk(`Error: File not found: ${filePath}`);
    if (stat.kind === "directory") {
      return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
    }
    if (oldString === newString) {
      return errorChunk("Error: old_string and new_string are identical. No changes to make.");
    }

    let content: string;
    const toolContext = context.state?.tool_context;
    if (toolContext !== undefined) {
      const entry = getCache(toolContext, filePath, mtimeSeconds(stat.mtimeMs));
      if (entry === null) {
        return errorChunk("Error: To edit a file, you must first read it using the Read tool.");
      }
      content = entry.lines.join("");
    } else {
      const bytes = await readBytes(access);
      if (bytes === null) return changedDuringIoChunk(filePath, false);
      content = normalizeNewlines(decodeUtf8(bytes));
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
      return errorChunk(`Error writing file: ${errorMessage(error)}`);
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
