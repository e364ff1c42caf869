import { ActorscopeError, type ActorscopeErrorOptions } from "../errors/index.js";

/** The stable codes of workspace failures. */
export const WorkspaceErrorCode = {
  /** An id (session, tool call, agent) cannot name a file: it is empty. */
  WORKSPACE_INVALID_ID: "WORKSPACE_INVALID_ID",
  /** A path the workspace would write resolves outside its directory (a planted symlink). */
  WORKSPACE_PATH_ESCAPE: "WORKSPACE_PATH_ESCAPE",
  /** The instructions template has a placeholder other than `{backend}` and `{workdir}`. */
  WORKSPACE_BAD_INSTRUCTIONS: "WORKSPACE_BAD_INSTRUCTIONS",
  /** An MCP of that name is already declared for the agent and session. */
  WORKSPACE_MCP_EXISTS: "WORKSPACE_MCP_EXISTS",
  /** No free `tool_result-<id>(n).txt` name was found. */
  WORKSPACE_NAME_EXHAUSTED: "WORKSPACE_NAME_EXHAUSTED",
} as const;
export type WorkspaceErrorCode = (typeof WorkspaceErrorCode)[keyof typeof WorkspaceErrorCode];

/**
 * A workspace refused or failed an operation. `path` is the file or directory concerned (absent
 * when no path was built).
 */
export class WorkspaceError extends ActorscopeError {
  readonly path: string | null;

  constructor(
    code: WorkspaceErrorCode,
    message: string,
    options: ActorscopeErrorOptions & { path?: string } = {},
  ) {
    const path = options.path ?? null;
    super(code, message, { cause: options.cause, data: { ...options.data, path } });
    this.path = path;
  }
}
