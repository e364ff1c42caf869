import { z } from "zod";
import type { ToolInput } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { Task } from "../../state/task.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { inputJsonSchema } from "../read/input-json-schema.js";
import { parseInput } from "../read/result-chunks.js";
import { TaskTool } from "./task-tool.js";

/** TaskUpdate's input: the task, and the fields to change (all optional). */
export const TaskUpdateInputSchema = z
  .object({
    task_id: z.string().describe("The task id."),
    subject: z.string().nullable().default(null).describe("New subject for the task"),
    description: z.string().nullable().default(null).describe("New description for the task"),
    add_blocks: z
      .array(z.string())
      .nullable()
      .default(null)
      .describe("Task IDs that this task blocks"),
    status: z
      .enum(["pending", "in_progress", "completed", "deleted"])
      .nullable()
      .default(null)
      .describe("New status for the task"),
    add_blocked_by: z
      .array(z.string())
      .nullable()
      .default(null)
      .describe("Task IDs that block this task"),
    owner: z.string().nullable().default(null).describe("New owner for the task"),
    metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .default(null)
      .describe("Metadata keys to merge into the task. Set a key to null to delete it."),
  })
  .describe("The params of the update task.");
export type TaskUpdateInput = z.output<typeof TaskUpdateInputSchema>;

/** What the model reads about TaskUpdate (the reference's text). */
export const TASK_UPDATE_DESCRIPTION = `Use this tool to update a task in the task list.

## When to Use This Tool

**Mark tasks as resolved:**
- When you have completed the work described in a task
- When a task is no longer needed or has been superseded
- IMPORTANT: Always mark your assigned tasks as resolved when you finish them
- After resolving, call TaskList to find your next task

- ONLY mark a task as completed when you have FULLY accomplished it
- If you encounter errors, blockers, or cannot finish, keep the task as in_progress
- When blocked, create a new task describing what needs to be resolved
- Never mark a task as completed if:
  - Tests are failing
  - Implementation is partial
  - You encountered unresolved errors
  - You couldn't find necessary files or dependencies

**Delete tasks:**
- When a task is no longer relevant or was created in error
- Setting status to \`deleted\` permanently removes the task

**Update task details:**
- When requirements change or become clearer
- When establishing dependencies between tasks

## Fields You Can Update

- **status**: The task status (see Status Workflow below)
- **subject**: Change the task title (imperative form, e.g., "Run tests")
- **description**: Change the task description
- **owner**: Change the task owner (agent name)
- **metadata**: Merge metadata keys into the task (set a key to null to delete it)
- **add_blocks**: Mark tasks that cannot start until this one completes
- **add_blocked_by**: Mark tasks that must complete before this one can start

## Status Workflow

Status progresses: \`pending\` → \`in_progress\` → \`completed\`

Use \`deleted\` to permanently remove a task.

## Staleness

Make sure to read a task's latest state using \`TaskGet\` before updating it.

## Examples

Mark task as in progress when starting work:
\`\`\`json
{"task_id": "1", "status": "in_progress"}
\`\`\`

Mark task as completed after finishing work:
\`\`\`json
{"task_id": "1", "status": "completed"}
\`\`\`

Delete a task:
\`\`\`json
{"task_id": "1", "status": "deleted"}
\`\`\`

Claim a task by setting owner:
\`\`\`json
{"task_id": "1", "owner": "my-name"}
\`\`\`

Set up task dependencies:
\`\`\`json
{"task_id": "2", "add_blocked_by": ["1"]}
\`\`\``;

/** Appended to the result whenever the updated task is completed. */
export const TASK_COMPLETED_HINT =
  "\n\nTask completed. Call TaskList now to find your next available task or see if your work " +
  "unblocked others.";

/**
 * TaskUpdate (spec §5.7): changes a task's fields, in this order — subject (if non-empty),
 * description, tasks it blocks, tasks blocking it (existing ids only, both sides kept in step),
 * status (`deleted` removes the task and every reference to it), owner, metadata (merged; a
 * `null` value deletes the key). The result names the fields that changed.
 */
export class TaskUpdate extends TaskTool {
  readonly name = "TaskUpdate";
  readonly description = TASK_UPDATE_DESCRIPTION;
  readonly inputSchema: JsonSchema = inputJsonSchema(TaskUpdateInputSchema);

  override call(input: ToolInput, context: ToolCallContext): ToolChunk {
    const tasks = this.tasksOf(context).tasks;
    const parsed = parseInput(TaskUpdateInputSchema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    const update = parsed.value;
    const id = update.task_id;
    const index = tasks.findLastIndex((t) => t.id === id);
    const task = tasks[index];
    if (task === undefined) {
      return textChunk(`TaskNotFoundError: The task (id=${id}) does not exist.`, {
        state: "error",
      });
    }

    const updated: string[] = [];
    if (update.subject) {
      updated.push("subject");
      task.subject = update.subject;
    }
    if (update.description !== null) {
      updated.push("description");
      task.description = update.description;
    }
    const existing = new Set(tasks.map((t) => t.id));
    const newBlocks = (update.add_blocks ?? []).filter(
      (x) => !task.blocks.includes(x) && existing.has(x),
    );
    if (newBlocks.length > 0) {
      updated.push("add_blocks");
      for (const blocked of newBlocks) link(tasks, id, blocked);
    }
    const newBlockers = (update.add_blocked_by ?? []).filter(
      (y) => !task.blocked_by.includes(y) && existing.has(y),
    );
    if (newBlockers.length > 0) {
      updated.push("add_blocked_by");
      for (const blocker of newBlockers) link(tasks, blocker, id);
    }
    if (update.status === "deleted") {
      tasks.splice(index, 1);
      for (const other of tasks) {
        removeFirst(other.blocks, id);
        removeFirst(other.blocked_by, id);
      }
      return textChunk(`Task (id=${id}) has been deleted.`);
    }
    if (update.status !== null) {
      updated.push("status");
      task.state = update.status;
    }
    if (update.owner !== null) {
      updated.push("owner");
      task.owner = update.owner;
    }
    if (update.metadata !== null && Object.keys(update.metadata).length > 0) {
      updated.push("metadata");
      for (const [key, value] of Object.entries(update.metadata)) {
        if (value === null) Reflect.deleteProperty(task.metadata, key);
        else task.metadata[key] = value;
      }
    }

    let text =
      updated.length > 0
        ? `Update task (id=${id}) ${updated.join(", ")}.`
        : `No updates were made to the task (id=${id}). Make sure you provided at least one ` +
          "field to update and the values are correct.";
    if (task.state === "completed") text += TASK_COMPLETED_HINT;
    return textChunk(text);
  }
}

/** `blocker` blocks `blocked`: both sides recorded once. */
function link(tasks: readonly Task[], blocker: string, blocked: string): void {
  for (const task of tasks) {
    if (task.id === blocker && !task.blocks.includes(blocked)) task.blocks.push(blocked);
    if (task.id === blocked && !task.blocked_by.includes(blocker)) task.blocked_by.push(blocker);
  }
}

/** Python's `list.remove` when present: the first occurrence only. */
function removeFirst(list: string[], item: string): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}
