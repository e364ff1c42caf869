export { ToolBase, type ToolBaseOptions, type ToolMiddleware, type ToolNext } from "./tool-base.js";
export {
  ToolChunkSchema,
  textChunk,
  toToolChunk,
  isToolChunkLike,
  type ToolChunk,
  type ToolChunkInput,
} from "./tool-chunk.js";
export { NEVER_ABORTED, type ToolCallContext, type InvokeOptions } from "./tool-call-context.js";
export type { ToolCallResult, ToolCallReturn } from "./tool-result.js";
export {
  ToolResponse,
  ToolResponseSchema,
  ToolResponseStateSchema,
  type ToolResponseData,
  type ToolResponseInit,
  type ToolResponseState,
} from "./tool-response.js";
export {
  FunctionTool,
  FUNCTION_TOOL_ASK_MESSAGE,
  type FunctionToolOptions,
  type ToolFunction,
} from "./function-tool.js";
export type { ToolSource } from "./tool-source.js";
export { ToolGroup, BASIC_GROUP, type ToolGroupOptions, type SkillEntry } from "./tool-group.js";
export { Toolkit } from "./toolkit.js";
export type { ToolCall, RegisteredTool, PreparedToolCall } from "./tool-call.js";
export { ToolView } from "./tool-view.js";
export type { ToolkitOptions, CallToolOptions } from "./toolkit-options.js";
// The one tool-schema schema lives in `message` (tools make schemas, models send them).
export { ToolSchemaSchema, type ToolSchema } from "../message/index.js";
export { TOOL_INTERRUPTED_REMINDER, toolErrorText } from "./run-tool.js";
export type { ChunkSink } from "./run-tool-pushed.js";
export {
  ResetTools,
  RESET_TOOLS_DESCRIPTION,
  renderMetaToolResponse,
  type MetaToolResponseRenderer,
  type ResetToolsOptions,
} from "./reset-tools.js";
export { SkillSchema, type Skill, type SkillInput } from "./skills/skill.js";
export type { SkillLoader } from "./skills/skill-loader.js";
export { LocalSkillLoader, type LocalSkillLoaderOptions } from "./skills/local-skill-loader.js";
export {
  SkillViewer,
  SKILL_VIEWER_DESCRIPTION,
  type SkillViewerOptions,
} from "./skills/skill-viewer.js";
export {
  renderSkillInstructions,
  type SkillInstructionsRenderer,
} from "./skills/skill-instructions.js";
export { parseToolArguments } from "./input/parse-tool-arguments.js";
export { pyRepr } from "./input/py-repr.js";
export { copyToolInput } from "./input/copy-tool-input.js";
export { validateToolInput } from "./input/validate-tool-input.js";
export { jsonschemaMessage } from "./input/schema-error-message.js";
export { sortLikeJsonschema } from "./input/schema-error-order.js";
export { withoutTitles } from "./json-schema.js";
export type { JsonSchema } from "./json-schema.js";
export { ToolErrorCode } from "./errors/tool-error-code.js";
export { AgentOrientedError } from "./errors/agent-oriented-error.js";
export { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
export { ToolNotFoundError } from "./errors/tool-not-found-error.js";
export { ToolGroupInactiveError } from "./errors/tool-group-inactive-error.js";
export { ToolJSONDecodeError } from "./errors/tool-json-decode-error.js";
export { ToolInputValidationError } from "./errors/tool-input-validation-error.js";
export {
  ReadCacheEntrySchema,
  type ReadCacheEntry,
  type ReadCacheEntryInput,
} from "./state/read-cache-entry.js";
export { textDigest, TextHasher } from "./state/text-digest.js";
export {
  ToolContextSchema,
  type ToolContext,
  type ToolContextInput,
} from "./state/tool-context.js";
export {
  TaskSchema,
  TaskStateSchema,
  type Task,
  type TaskInput,
  type TaskState,
} from "./state/task.js";
export {
  TasksContextSchema,
  type TasksContext,
  type TasksContextInput,
} from "./state/tasks-context.js";
export { createToolState, type ToolState } from "./state/tool-state.js";
export {
  Bash,
  BashInputSchema,
  BASH_DESCRIPTION,
  DEFAULT_BASH_TIMEOUT_MS,
  MAX_BASH_TIMEOUT_MS,
  checkBashPermissions,
  loadBashParser,
  parseScript,
  findSecretReads,
  type SecretReadOptions,
  type BashOptions,
  type BashInput,
  type ParsedScript,
} from "./builtin/bash/index.js";
export {
  LocalBackend,
  BackendIoError,
  BackendErrorCode,
  BashNotFoundError,
  ShellErrorCode,
  findBash,
  type BashShell,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_RUN_TIMEOUT_MS,
  type ExecutionBackend,
  type LocalBackendOptions,
  type RunOptions,
  type RunResult,
  type FileStat,
  type DirEntry,
  type FileKind,
  type FileOptions,
} from "./backends/index.js";
export { Read, type ReadOptions } from "./builtin/read/index.js";
export { Write, type WriteOptions } from "./builtin/write/index.js";
export { Edit, type EditOptions } from "./builtin/edit/index.js";
export { Glob, type GlobOptions } from "./builtin/glob/index.js";
export { Grep, type GrepOptions } from "./builtin/grep/index.js";
export { TaskCreate, TaskGet, TaskList, TaskUpdate } from "./builtin/task/index.js";
export { getCache, cacheFile, cleanFileCache } from "./builtin/read-cache/index.js";
export { matchesCachedText, forgetFile, type CachedText } from "./builtin/read-cache/index.js";
export {
  NotRegularFileError,
  FileTooLargeError,
  openFileReader,
  syncDirectory,
  writeFileAtomic,
  writeTempBeside,
  DEFAULT_MAX_READ_BYTES,
  type SpecialFileKind,
  type FileReader,
  type ReadFileOptions,
  type WriteFileOptions,
} from "./backends/index.js";
export {
  FileToolErrorCode,
  SECRET_FILE_REASON,
  DEFAULT_MAX_TEXT_BYTES,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_EDIT_BYTES,
} from "./builtin/read/index.js";
// The permission types of the tool protocol (`checkPermissions`' input and decision), for tool
// sources such as MCP that sit beside `tools` and not above `permission`.
export type { PermissionDecision, ToolInput } from "../permission/index.js";
