import { AgentOrientedError } from "./agent-oriented-error.js";
import { ToolErrorCode } from "./tool-error-code.js";

/**
 * The model called a tool that no group holds. The message already carries the class-name
 * prefix, as in the reference: `"ToolNotFoundError: The tool named 'x' doesn't exist."`.
 */
export class ToolNotFoundError extends AgentOrientedError {
  readonly toolName: string;

  constructor(toolName: string) {
    super(
      ToolErrorCode.TOOL_NOT_FOUND,
      `ToolNotFoundError: The tool named '${toolName}' doesn't exist.`,
      { data: { toolName } },
    );
    this.toolName = toolName;
  }
}
