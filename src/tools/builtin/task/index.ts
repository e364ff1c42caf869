export { TaskTool } from "./task-tool.js";
export {
  TaskCreate,
  TaskCreateInputSchema,
  TASK_CREATE_DESCRIPTION,
  nextTaskId,
  type TaskCreateInput,
} from "./task-create.js";
export {
  TaskGet,
  TaskGetInputSchema,
  TASK_GET_DESCRIPTION,
  renderTask,
  type TaskGetInput,
} from "./task-get.js";
export { TaskList, TaskListInputSchema, TASK_LIST_DESCRIPTION, summaryLine } from "./task-list.js";
export {
  TaskUpdate,
  TaskUpdateInputSchema,
  TASK_UPDATE_DESCRIPTION,
  TASK_COMPLETED_HINT,
  type TaskUpdateInput,
} from "./task-update.js";
