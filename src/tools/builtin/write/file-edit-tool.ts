import type {
  PermissionContext,
  PermissionDecision,
  ToolInput,
} from "../../../permission/index.js";
import { byteBudget, DEFAULT_MAX_EDIT_BYTES } from "../read/file-limits.js";
import {
  FILE_TOOL_OPTIONS,
  FileTool,
  type FileToolOptions,
  filePathOf,
} from "../read/file-tool.js";
import { checkFileEditPermissions, type FileEditOperation } from "./file-edit-permissions.js";

/** Options of Write and Edit. */
export interface FileEditToolOptions extends FileToolOptions {
  /**
   * The largest existing file read (default 16 MiB): Edit refuses a larger one unread; Write
   * still overwrites it, diffing it as if it were empty (as an undecodable one is).
   */
  maxFileBytes?: number | undefined;
}

const FILE_EDIT_TOOL_OPTIONS: ReadonlySet<string> = new Set([...FILE_TOOL_OPTIONS, "maxFileBytes"]);

/**
 * What Write and Edit share: they change files (not read-only, one at a time), need the agent
 * state (read before write), check permissions as spec §4 says (stricter on symlinks, see
 * `checkFileEditPermissions`), and read an existing file within `maxFileBytes`.
 */
export abstract class FileEditTool extends FileTool {
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly isStateInjected = true;
  /** The largest existing file this tool reads. */
  protected readonly maxFileBytes: number;

  constructor(
    options: FileEditToolOptions,
    private readonly operation: FileEditOperation,
  ) {
    const what = `${operation.tool} options`;
    super(options, FILE_EDIT_TOOL_OPTIONS, what);
    this.maxFileBytes = byteBudget(
      options.maxFileBytes,
      DEFAULT_MAX_EDIT_BYTES,
      "maxFileBytes",
      what,
    );
  }

  /** Spec §4's Write/Edit check, stricter on symlinks (see `checkFileEditPermissions`). */
  checkPermissions(input: ToolInput, context: PermissionContext): Promise<PermissionDecision> {
    return checkFileEditPermissions(this.operation, filePathOf(input), context, this.guard, {
      dangerousFiles: this.dangerousFiles,
      dangerousDirectories: this.dangerousDirectories,
    });
  }
}
