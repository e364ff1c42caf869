import { z } from "zod";
import type { ToolInput } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import { TaskSchema, type Task } from "../../state/task.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { inputJsonSchema } from "../read/input-json-schema.js";
import { errorMessage, parseInput } from "../read/result-chunks.js";
import { TaskTool } from "./task-tool.js";

/** TaskCreate's input. */
export const TaskCreateInputSchema = z
  .object({
    subject: z.string().describe("A brief title for the task"),
    description: z.string().describe("What needs to be done"),
    metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .default(null)
      .describe("Arbitrary metadata to attach to the task"),
  })
  .describe("The params of the creating task tool.");
export type TaskCreateInput = z.output<typeof TaskCreateInputSchema>;

/** What the model reads about TaskCreate (the reference's text). */
export const TASK_CREATE_DESCRIPTION = `Use this tool to create a structured task list for your current coding session. This helps you track progress, organize complex tasks, and demonstrate thoroughness to the user.
It also helps the user understand the progress of the task and overall progress of their requests.

## When to Use This Tool

Use this tool proactively in these scenarios:

- Complex multi-step tasks - When a task requires 3 or more distinct steps or actions
- Non-trivial and complex tasks - Tasks that require careful planning or multiple operations
- Plan mode - When using plan mode, create a task list to track the work
- User explicitly requests todo list - When the user directly asks you to use the todo list
- User provides multiple tasks - When users provide a list of things to be done (numbered or comma-separated)
- After receiving new instructions - Immediately capture user requirements as tasks
- When you start working on a task - Mark it as in_progress BEFORE beginning work
- After completing a task - Mark it as completed and add any new follow-up tasks discovered during implementation

## When NOT to Use This Tool

Skip using this tool when:
- There is only a single, straightforward task
- The task is trivial and tracking it provides no organizational benefit
- The task can be completed in less than 3 trivial steps
- The task is purely conversational or informational

NOTE that you should not use this tool if there is only one trivial task to do. In this case you are better off just doing the task directly.

## Task Fields

- **subject**: A brief, actionable title in imperative form (e.g., "Fix authentication bug in login flow")
- **description**: What needs to be done

All tasks are created with status \`pending\`.

## Tips

- Create tasks with clear, specific subjects that describe the outcome
- After creating tasks, use TaskUpdate to set up dependencies (blocks/blockedBy) if needed
- Check TaskList first to avoid creating duplicate tasks`;

/**
 * TaskCreate (spec §5.7): appends a `pending` task whose id is one more than the largest numeric
 * id in the list (`"1"`, `"2"`, …).
 *
 * @example
 * await collect(new TaskCreate().invoke({ subject: "Write tests", description: "…" }, { state }));
 * // "Task (id=1) created successfully: Write tests"
 */
export class TaskCreate extends TaskTool {
  readonly name = "TaskCreate";
  readonly description = TASK_CREATE_DESCRIPTION;
  readonly inputSchema: JsonSchema = inputJsonSchema(TaskCreateInputSchema);

  override call(input: ToolInput, context: ToolCallContext): ToolChunk {
    const tasks = this.tasksOf(context);
    const parsed = parseInput(TaskCreateInputSchema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    try {
      const task: Task = TaskSchema.parse({
        subject: parsed.value.subject,
        description: parsed.value.description,
        metadata: parsed.value.metadata ?? {},
        id: nextTaskId(tasks.tasks),
      });
      tasks.tasks.push(task);
      return textChunk(`Task (id=${task.id}) created successfully: ${task.subject}`);
    } catch (error) {
      return textChunk(`CreateTaskError: ${errorMessage(error)}`, { state: "error" });
    }
  }
}

/** One more than the largest numeric id (ids that are not decimal numbers are ignored), as text. */
export function nextTaskId(tasks: readonly Pick<Task, "id">[]): string {
  let max = 0;
  for (const task of tasks) {
    if (/^\d+$/.test(task.id)) max = Math.max(max, Number(task.id));
  }
  return String(max + 1);
}
