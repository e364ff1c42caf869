import { z } from "zod";
import { DeveloperOrientedError, ToolErrorCode, type ToolState } from "../../tools/index.js";

/**
 * The parts of the agent state `GenerateStructuredOutput` reads and writes. Tools receive a
 * `ToolState`, which does not declare them; `AgentState` has them.
 */
export interface StructuredOutputState {
  reply_context: {
    structured_schema: Record<string, unknown> | null;
    structured_output: Record<string, unknown> | null;
  };
  /** The zod schema of a reply started in this process; absent or null after a reload. */
  structuredModel?: z.ZodType | null;
}

/**
 * The state as a {@link StructuredOutputState}, after checking at run time that it is one. A
 * missing or foreign state is a wiring mistake the model cannot fix: it throws a
 * developer-oriented `TOOL_STATE_MISSING`, which the toolkit re-throws.
 */
export function structuredOutputStateOf(
  toolName: string,
  state: ToolState | undefined,
): ToolState & StructuredOutputState {
  if (state === undefined) {
    throw stateError(
      toolName,
      `Error: ${toolName} requires AgentState to be provided, got None instead. ` +
        "Invoke it with { state } (the agent does so for state-injected tools).",
    );
  }
  const replyContext = "reply_context" in state ? state.reply_context : undefined;
  if (!isPlainObject(replyContext)) {
    throw stateError(
      toolName,
      `${toolName} requires the agent state's reply_context, but the state has none. ` +
        "Invoke it with an AgentState ({ state: agent.state }).",
    );
  }
  const schema = replyContext["structured_schema"];
  if (schema !== null && schema !== undefined && !isPlainObject(schema)) {
    throw stateError(
      toolName,
      `${toolName} found a reply_context.structured_schema that is neither null nor a JSON ` +
        "schema object. Set it with the agent's structuredSchema option, not by hand.",
    );
  }
  const model = "structuredModel" in state ? state.structuredModel : undefined;
  if (model !== null && model !== undefined && !(model instanceof z.ZodType)) {
    throw stateError(
      toolName,
      `${toolName} found a state.structuredModel that is neither null nor a zod schema. ` +
        "Set it with the agent's structuredSchema option, not by hand.",
    );
  }
  // Checked above, field by field.
  return state as ToolState & StructuredOutputState;
}

function stateError(toolName: string, message: string): DeveloperOrientedError {
  return new DeveloperOrientedError(ToolErrorCode.TOOL_STATE_MISSING, message, {
    data: { tool: toolName },
  });
}

/** Whether a value is a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
