import { z } from "zod";
import type { ToolInput } from "../../../permission/index.js";
import { pyRepr } from "../../input/py-repr.js";
import type { JsonSchema } from "../../json-schema.js";
import type { Task } from "../../state/task.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { inputJsonSchema } from "../read/input-json-schema.js";
import { parseInput } from "../read/result-chunks.js";
import { TaskTool } from "./task-tool.js";

/** TaskGet's input. */
export const TaskGetInputSchema = z
  .object({ task_id: z.string().describe("The ID of the task to retrieve") })
  .describe("The params of the get task.");
export type TaskGetInput = z.output<typeof TaskGetInputSchema>;

/** What the model reads about TaskGet (the reference's text). */
export const TASK_GET_DESCRIPTION = `Use this tool to retrieve a task by its ID from the task list.

## When to Use This Tool

- When you need the full description and context before starting work on a task
- To understand task dependencies (what it blocks, what blocks it)
- After being assigned a task, to get complete requirements

## Output

Returns full task details:
- **subject**: Task title
- **description**: Detailed requirements and context
- **status**: 'pending', 'in_progress', or 'completed'
- **blocks**: Tasks waiting on this one to complete
- **blockedBy**: Tasks that must complete before this one can start

## Tips

- After fetching a task, verify its blockedBy list is empty before beginning work.
- Use TaskList to see all tasks in summary form.`;

/**
 * TaskGet (spec §5.7): one task in full — subject, status, description, and when present its
 * owner, blockers, the tasks it blocks and its metadata (as Python prints a dict).
 */
export class TaskGet extends TaskTool {
  readonly name = "TaskGet";
  readonly description = TASK_GET_DESCRIPTION;
  readonly inputSchema: JsonSchema = inputJsonSchema(TaskGetInputSchema);

  override call(input: ToolInput, context: ToolCallContext): ToolChunk {
    const tasks = this.tasksOf(context);
    const parsed = parseInput(TaskGetInputSchema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    const task = tasks.tasks.find((t) => t.id === parsed.value.task_id);
    if (task === undefined) return textChunk("Task not found", { state: "error" });
    return textChunk(renderTask(task));
  }
}

/** The lines TaskGet shows for a task. */
export function renderTask(task: Task): string {
  const lines = [
    `Task (id=${task.id}): ${task.subject}`,
    `Status: ${task.state}`,
    `Description: ${task.description}`,
  ];
  if (task.owner) lines.push(`Owner: ${task.owner}`);
  if (task.blocked_by.length > 0) {
    lines.push(`Blocked by: ${task.blocked_by.map((id) => `#${id}`).join(", ")}`);
  }
  if (task.blocks.length > 0) lines.push(`Blocks: ${task.blocks.map((id) => `#${id}`).join(", ")}`);
  if (Object.keys(task.metadata).length > 0) lines.push(`Metadata: ${pyRepr(task.metadata)}`);
  return lines.join("\n");
}
