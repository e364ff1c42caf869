import { AgentOrientedError } from "./agent-oriented-error.js";
import { ToolErrorCode } from "./tool-error-code.js";

/**
 * The model called a tool whose group is not activated. The message (with its class-name prefix,
 * as in the reference) tells the model to activate the group with the meta tool.
 */
export class ToolGroupInactiveError extends AgentOrientedError {
  readonly toolName: string;
  readonly groupName: string;

  constructor(toolName: string, groupName: string, metaToolName = "reset_tools") {
    super(
      ToolErrorCode.TOOL_GROUP_INACTIVE,
      `ToolGroupInactiveError: The tool '${toolName}' in group '${groupName}' is currently inactive. ` +
        `You should first activate the group by calling the '${metaToolName}' tool.`,
      { data: { toolName, groupName } },
    );
    this.toolName = toolName;
    this.groupName = groupName;
  }
}
