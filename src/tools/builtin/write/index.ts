export { Write, type WriteOptions } from "./write.js";
export { FileEditTool, type FileEditToolOptions } from "./file-edit-tool.js";
export {
  WriteInputSchema,
  WRITE_DESCRIPTION,
  writeInputJsonSchema,
  type WriteInput,
} from "./write-input.js";
export {
  checkFileEditPermissions,
  SENSITIVE_PATH_REASON,
  SYMLINK_ESCAPE_REASON,
  type FileEditOperation,
} from "./file-edit-permissions.js";
export { unifiedDiff, type UnifiedDiffOptions } from "./unified-diff.js";
export { SequenceMatcher, type Opcode } from "./sequence-matcher.js";
