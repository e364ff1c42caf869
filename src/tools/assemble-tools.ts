import { getLogger } from "../errors/index.js";
import type { GroupSnapshot } from "./group-snapshot.js";
import type { ToolBase } from "./tool-base.js";
import type { RegisteredTool } from "./tool-call.js";
import { BASIC_GROUP } from "./tool-group.js";

/** The toolkit's built-in tools, offered when the groups call for them. */
export interface BuiltinTools {
  /** The `Skill` viewer, offered when a group in view has a skill. */
  readonly skillViewer: ToolBase;
  /** `reset_tools`, offered when the toolkit has a non-basic group. */
  readonly metaTool: ToolBase;
}

/**
 * The tools of these groups by name, in the order the model sees them (spec §6.3): the `Skill`
 * viewer (if a group has a skill), `reset_tools` (if `hasNonBasicGroup`), then each group's tools
 * followed by its sources' tools. A later tool with the same name replaces an earlier one and
 * keeps the earlier position; `warn` says so in the log (the listing the model sees does, a
 * lookup across every group does not).
 */
export function assembleTools(
  groups: readonly GroupSnapshot[],
  builtins: BuiltinTools,
  hasNonBasicGroup: boolean,
  warn: boolean,
): Map<string, RegisteredTool> {
  const available = new Map<string, RegisteredTool>();
  if (groups.some((g) => g.hasSkills)) {
    available.set(builtins.skillViewer.name, { tool: builtins.skillViewer, group: BASIC_GROUP });
  }
  if (hasNonBasicGroup) {
    available.set(builtins.metaTool.name, { tool: builtins.metaTool, group: BASIC_GROUP });
  }
  for (const { group, tools } of groups) {
    for (const tool of tools) {
      if (warn && available.has(tool.name)) {
        getLogger().warn(
          `Duplicate tool name '${tool.name}' found in group '${group.name}', overwriting it.`,
        );
      }
      available.set(tool.name, { tool, group: group.name });
    }
  }
  return available;
}
