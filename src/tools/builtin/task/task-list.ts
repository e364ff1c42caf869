import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";
import type { Task } from "../../state/task.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { inputJsonSchema } from "../read/input-json-schema.js";
import { TaskTool } from "./task-tool.js";

/** TaskList's input: nothing. */
export const TaskListInputSchema = z.object({}).describe("The params of the list task params.");

/** What the model reads about TaskList (the reference's text). */
export const TASK_LIST_DESCRIPTION = `Use this tool to list all tasks in the task list.

## When to Use This Tool
- To see what tasks are available to work on (status: 'pending', no owner, not blocked)
- To check overall progress on the project
- To find tasks that are blocked and need dependencies resolved
- After completing a task, to check for newly unblocked work or claim the next available task
- **Prefer working on tasks in ID order** (lowest ID first) when multiple tasks are available, as earlier tasks often set up context for later ones

## Output

Returns a summary of each task:
- **id**: Task identifier (use with TaskGet, TaskUpdate)
- **subject**: Brief description of the task
- **status**: 'pending', 'in_progress', or 'completed'
- **owner**: Agent ID if assigned, empty if available
- **blockedBy**: List of open task IDs that must be resolved first (tasks with blockedBy cannot be claimed until dependencies resolve)

Use TaskGet with a specific task ID to view full details including description and comments.`;

/** TaskList (spec §5.7): one summary line per task, or `"No tasks available."`. */
export class TaskList extends TaskTool {
  readonly name = "TaskList";
  readonly description = TASK_LIST_DESCRIPTION;
  readonly inputSchema: JsonSchema = inputJsonSchema(TaskListInputSchema);

  override call(_input: unknown, context: ToolCallContext): ToolChunk {
    const tasks = this.tasksOf(context).tasks;
    if (tasks.length === 0) return textChunk("No tasks available.");
    return textChunk(tasks.map(summaryLine).join("\n"));
  }
}

/** `"{id} [{state}] {subject}"`, then `"(owner)"` and `"[blocked by a, b]"` when present. */
export function summaryLine(task: Task): string {
  const owner = task.owner ? `(${task.owner})` : "";
  const blocked = task.blocked_by.length > 0 ? `[blocked by ${task.blocked_by.join(", ")}]` : "";
  return `${task.id} [${task.state}] ${task.subject}${owner}${blocked}`;
}
