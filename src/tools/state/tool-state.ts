import type { PermissionContext } from "../../permission/index.js";
import { type TasksContext, TasksContextSchema } from "./tasks-context.js";
import { type ToolContext, ToolContextSchema } from "./tool-context.js";

/**
 * What a state-injected tool receives: the parts of the agent state that tools read and write.
 * `AgentState` (in `src/state`) satisfies it structurally, so tools never import the state layer.
 * Tools mutate it in place (the reference does too); the agent persists it after the call.
 */
export interface ToolState {
  tool_context: ToolContext;
  tasks_context: TasksContext;
  /**
   * The agent's permission context, read (never changed) by file tools that re-check a symlinked
   * path at call time against the working directories. Absent outside an agent: the process cwd
   * is then the only working directory.
   */
  readonly permission_context?: Pick<PermissionContext, "working_directories"> | undefined;
}

/**
 * A fresh tool state with every default filled in (no activated groups, empty caches and tasks),
 * for tests and for running tools outside an agent.
 */
export function createToolState(
  init: { tool_context?: Partial<ToolContext>; tasks_context?: Partial<TasksContext> } = {},
): ToolState {
  return {
    tool_context: ToolContextSchema.parse(init.tool_context ?? {}),
    tasks_context: TasksContextSchema.parse(init.tasks_context ?? {}),
  };
}
