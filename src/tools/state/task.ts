import { z } from "zod";
import { newId, now } from "../../message/index.js";

/** A task's progress (`deleted` exists only as a TaskUpdate command, never as a stored state). */
export const TaskStateSchema = z.enum(["pending", "in_progress", "completed"]);
export type TaskState = z.output<typeof TaskStateSchema>;

/**
 * One entry of the agent's task list (spec §5.7, wire names). `blocks` are the ids this task
 * blocks; `blocked_by` the ids blocking it.
 */
export const TaskSchema = z.object({
  subject: z.string(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string().default(() => now()),
  state: TaskStateSchema.default("pending"),
  id: z.string().default(() => newId()),
  owner: z.string().nullable().default(null),
  blocks: z.array(z.string()).default(() => []),
  blocked_by: z.array(z.string()).default(() => []),
});
export type Task = z.output<typeof TaskSchema>;
export type TaskInput = z.input<typeof TaskSchema>;
