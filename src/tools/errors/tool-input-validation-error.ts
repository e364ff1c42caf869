import { AgentOrientedError } from "./agent-oriented-error.js";
import { ToolErrorCode } from "./tool-error-code.js";

/**
 * The arguments do not satisfy the tool's input schema:
 * `"Input validation failed for tool '{name}': {reason}"`, the reason worded as Python's
 * `jsonschema` words it (`'hot' is not of type 'number'`), because models are used to it.
 */
export class ToolInputValidationError extends AgentOrientedError {
  readonly toolName: string;
  /** The reason alone, without the tool prefix. */
  readonly reason: string;

  constructor(toolName: string, reason: string) {
    super(
      ToolErrorCode.TOOL_INPUT_INVALID,
      `Input validation failed for tool '${toolName}': ${reason}`,
      { data: { toolName, reason } },
    );
    this.toolName = toolName;
    this.reason = reason;
  }
}
