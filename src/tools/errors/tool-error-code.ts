/**
 * Stable codes of the errors `src/tools` raises. Callers branch on these, never on messages
 * (the messages are AgentScope's texts, written for models and people).
 */
export const ToolErrorCode = {
  /** No tool of that name in any group (agent-oriented). */
  TOOL_NOT_FOUND: "TOOL_NOT_FOUND",
  /** The tool exists, in a group that is not activated (agent-oriented). */
  TOOL_GROUP_INACTIVE: "TOOL_GROUP_INACTIVE",
  /** The model's argument text is not a JSON object, even after repair (agent-oriented). */
  TOOL_INPUT_NOT_JSON: "TOOL_INPUT_NOT_JSON",
  /** The arguments do not satisfy the tool's input schema (agent-oriented). */
  TOOL_INPUT_INVALID: "TOOL_INPUT_INVALID",
  /** `invoke` got something other than one input object (developer-oriented). */
  TOOL_INPUT_NOT_OBJECT: "TOOL_INPUT_NOT_OBJECT",
  /** A tool subclass did not override `call`. */
  TOOL_NOT_IMPLEMENTED: "TOOL_NOT_IMPLEMENTED",
  /** An external tool's `call` was run; the agent must submit it instead. */
  EXTERNAL_TOOL_CALLED: "EXTERNAL_TOOL_CALLED",
  /** `call` returned something that is not a chunk, a string or a stream (developer-oriented). */
  INVALID_TOOL_RESULT: "INVALID_TOOL_RESULT",
  /** A state-injected tool ran without the agent state (developer-oriented). */
  TOOL_STATE_MISSING: "TOOL_STATE_MISSING",
  /** Two chunks share a data-block id but cannot be merged (URL or mixed sources). */
  CHUNK_MERGE_CONFLICT: "CHUNK_MERGE_CONFLICT",
  /** A toolkit or tool group was built with invalid arguments. */
  INVALID_TOOLKIT_CONFIG: "INVALID_TOOLKIT_CONFIG",
  /** A tool's `inputSchema` is not an object schema with `properties`. */
  INVALID_INPUT_SCHEMA: "INVALID_INPUT_SCHEMA",
} as const;

export type ToolErrorCode = (typeof ToolErrorCode)[keyof typeof ToolErrorCode];
