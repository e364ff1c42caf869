import type { ToolCallBlock } from "../message/index.js";
import type { ToolInput } from "../permission/index.js";
import type { ToolBase } from "./tool-base.js";

/** A tool call as the toolkit needs it: the call id, the tool name and the raw JSON arguments. */
export type ToolCall = Pick<ToolCallBlock, "id" | "name" | "input">;

/** A call that passed the checks before running: its tool and its parsed, validated input. */
export interface PreparedToolCall {
  readonly tool: ToolBase;
  readonly input: ToolInput;
}

/** A tool with the group it was found in. */
export interface RegisteredTool {
  readonly tool: ToolBase;
  readonly group: string;
}
