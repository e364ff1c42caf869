export { WorkspaceBase } from "./workspace-base.js";
export { LocalWorkspace, type LocalWorkspaceOptions } from "./local-workspace.js";
export { DEFAULT_WORKSPACE_INSTRUCTIONS, formatInstructions } from "./workspace-instructions.js";
export { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";
export { MCP_FILE_VERSION } from "./mcp-file.js";
export type { McpScope } from "./mcp-registry.js";
export { pathSegment, MAX_SEGMENT_LENGTH } from "./path-segment.js";
export { extensionOf } from "./media-extension.js";
