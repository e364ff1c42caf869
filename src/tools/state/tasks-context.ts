import { z } from "zod";
import { TaskSchema } from "./task.js";

/** The agent's task list (`AgentState.tasks_context`), shared by the Task tools. */
export const TasksContextSchema = z.object({
  tasks: z.array(TaskSchema).default(() => []),
});
export type TasksContext = z.output<typeof TasksContextSchema>;
export type TasksContextInput = z.input<typeof TasksContextSchema>;
