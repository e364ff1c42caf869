import { ValidationError, assertKnownOptions } from "../errors/index.js";
import { readOptions } from "../message/index.js";
import type { MetaToolResponseRenderer } from "./reset-tools.js";
import type { SkillInstructionsRenderer } from "./skills/skill-instructions.js";
import type { ToolState } from "./state/tool-state.js";
import type { ToolBase } from "./tool-base.js";
import { ToolGroup, assertListOptions, type SkillEntry } from "./tool-group.js";
import type { ToolSource } from "./tool-source.js";

/** Options of `Toolkit`. */
export interface ToolkitOptions {
  /** Tools of the `basic` group (always active). */
  tools?: readonly ToolBase[] | undefined;
  /** MCP clients of the `basic` group (any `ToolSource`). */
  mcps?: readonly ToolSource[] | undefined;
  /** Other tool sources of the `basic` group (remote workers), listed after `mcps`. */
  sources?: readonly ToolSource[] | undefined;
  /** Skills of the `basic` group: directories, skills or loaders. */
  skills?: readonly SkillEntry[] | undefined;
  /** Groups the agent activates with `reset_tools`; none may be named `basic`. */
  toolGroups?: readonly ToolGroup[] | undefined;
  /** Replaces the `reset_tools` answer (the reference's template by default). */
  renderMetaToolResponse?: MetaToolResponseRenderer | undefined;
  /** Replaces the `<agent-skills>` system-prompt block. */
  renderSkillInstructions?: SkillInstructionsRenderer | undefined;
}

/** Every key `new Toolkit(…)` takes. */
const TOOLKIT_OPTIONS: ReadonlySet<string> = new Set([
  "tools",
  "mcps",
  "sources",
  "skills",
  "toolGroups",
  "renderMetaToolResponse",
  "renderSkillInstructions",
]);

/** Every key `Toolkit.callTool` takes. */
const CALL_TOOL_OPTIONS: ReadonlySet<string> = new Set(["state", "signal"]);

/** Options of `Toolkit.callTool`. */
export interface CallToolOptions {
  /** The agent state: its activated groups decide availability; state-injected tools get it. */
  state?: ToolState | undefined;
  /** Interrupts the call: the stream ends with an `interrupted` chunk. */
  signal?: AbortSignal | undefined;
}

/**
 * The options of `new Toolkit(…)`, read once and checked: known keys only, lists that are lists,
 * groups that are `ToolGroup`s. Every problem is a `ValidationError` naming the option.
 */
export function readToolkitOptions(options: ToolkitOptions): ToolkitOptions {
  const read = readOptions(options, TOOLKIT_OPTIONS, "Toolkit options");
  assertListOptions(read, ["tools", "mcps", "sources", "skills", "toolGroups"], "Toolkit options");
  const notGroup = (read.toolGroups ?? []).findIndex((group) => !(group instanceof ToolGroup));
  if (notGroup >= 0) {
    throw new ValidationError("Toolkit options", [
      { path: `toolGroups.${notGroup}`, message: "Expected a ToolGroup" },
    ]);
  }
  return read;
}

/** Checks the keys of `callTool`'s options (no copy: this runs for every tool call). */
export function assertCallToolOptions(options: CallToolOptions): void {
  assertKnownOptions(options, CALL_TOOL_OPTIONS, "callTool options");
}
