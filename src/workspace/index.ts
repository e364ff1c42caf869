export { WorkspaceBase } from "./workspace-base.js";
export { LocalWorkspace, type LocalWorkspaceOptions } from "./local-workspace.js";
export { DEFAULT_WORKSPACE_INSTRUCTIONS, formatInstructions } from "./workspace-instructions.js";
export { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";
export { pathSegment, MAX_SEGMENT_LENGTH } from "./path-segment.js";
export { extensionOf } from "./media-extension.js";
