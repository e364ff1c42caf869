export { Read, type ReadOptions } from "./read.js";
export {
  ReadInputSchema,
  readInputJsonSchema,
  readDescription,
  DEFAULT_MODEL_INPUT_TYPES,
  PDF_MAX_PAGES_PER_READ,
  PDF_MAX_PAGES_WITHOUT_RANGE,
  READ_MAX_LINES,
  type ReadInput,
} from "./read-input.js";
export { IMAGE_MEDIA_TYPES } from "./read-image-file.js";
export { formatLines, formatNumberedLines } from "./format-lines.js";
export { TextWindow, type TextWindowResult } from "./text-window.js";
export {
  DEFAULT_MAX_TEXT_BYTES,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_EDIT_BYTES,
} from "./file-limits.js";
export { SECRET_FILE_REASON } from "../tool-decisions.js";
export { pdfPageRange, type PdfPageRange } from "./pdf-page-range.js";
export { PDF_TIMEOUT_MS } from "./pdf-document.js";
export { FileTool, FILE_TOOL_OPTIONS, type FileToolOptions } from "./file-tool.js";
export {
  FilePathGuard,
  type PathAdmission,
  type PathRefusal,
  type UncheckedPathJudge,
} from "./file-path-guard.js";
export { PathCheckLedger } from "./path-check-ledger.js";
export { resolveRealPath } from "./real-path.js";
export { FileToolErrorCode } from "./file-tool-error-code.js";
export { splitLinesKeepEnds, normalizeNewlines } from "./split-lines.js";
export { parentDirectoryPattern, pyDirname } from "./python-path.js";
