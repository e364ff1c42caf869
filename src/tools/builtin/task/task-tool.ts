import { assertKnownOptions } from "../../../errors/index.js";
import type { PermissionDecision } from "../../../permission/index.js";
import { DeveloperOrientedError } from "../../errors/developer-oriented-error.js";
import { ToolErrorCode } from "../../errors/tool-error-code.js";
import type { TasksContext } from "../../state/tasks-context.js";
import { toolDecision } from "../tool-decisions.js";
import { ToolBase, type ToolBaseOptions } from "../../tool-base.js";
import type { ToolCallContext } from "../../tool-call-context.js";

const TASK_TOOL_OPTIONS: ReadonlySet<string> = new Set(["middlewares"]);

/**
 * What the four Task tools share (spec §5.7): they read and write the task list in the agent
 * state (`state.tasks_context`), are concurrency-safe, and are always allowed by their own check
 * — but they are not read-only, so EXPLORE mode denies them.
 */
export abstract class TaskTool extends ToolBase {
  readonly isConcurrencySafe = true;
  readonly isReadOnly = false;
  override readonly isStateInjected = true;

  /** Takes the options every tool takes (`middlewares`); any other key is a `ValidationError`. */
  constructor(options: ToolBaseOptions = {}) {
    assertKnownOptions(options, TASK_TOOL_OPTIONS, `${new.target.name} options`);
    super(options);
  }

  /** ALLOW `"{name} is always allowed to be called."`. */
  checkPermissions(): PermissionDecision {
    return toolDecision("allow", `${this.name} is always allowed to be called.`);
  }

  /**
   * The task list of the call's agent state. A missing state is a wiring mistake, not something
   * the model can fix: it throws a developer-oriented `TOOL_STATE_MISSING`, which the toolkit
   * re-throws.
   */
  protected tasksOf(context: ToolCallContext): TasksContext {
    const tasks = context.state?.tasks_context;
    if (tasks === undefined || !Array.isArray(tasks.tasks)) {
      throw new DeveloperOrientedError(
        ToolErrorCode.TOOL_STATE_MISSING,
        `Error: ${this.name} requires AgentState to be provided, got None instead. ` +
          "Invoke it with { state } (the agent does so for state-injected tools).",
        { data: { tool: this.name } },
      );
    }
    return tasks;
  }
}
