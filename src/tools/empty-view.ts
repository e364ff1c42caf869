import type { ToolSchema } from "../message/index.js";
import type { RegisteredTool } from "./tool-call.js";
import { BASIC_GROUP, type ToolGroup } from "./tool-group.js";
import { ToolView, type ToolLookup } from "./tool-view.js";

/*
 * The view of a toolkit that offers nothing (its `basic` group alone, empty): shared by every
 * such toolkit, so the many agents of a simulation that use no tools hold no view of their own.
 * It is what the general path would build: no schemas, every name unknown.
 */

const NO_TOOLS: ReadonlyMap<string, RegisteredTool> = new Map();
const NO_SCHEMAS: readonly ToolSchema[] = Object.freeze([]);
const NO_GROUPS: readonly string[] = Object.freeze([]);

const EMPTY_LOOKUP: ToolLookup = {
  findAnywhere: () => undefined,
  viewFor: (activatedGroups) => emptyView(activatedGroups),
  metaToolName: "reset_tools",
};

const SHARED = new ToolView({
  activatedGroups: NO_GROUPS,
  available: NO_TOOLS,
  schemas: NO_SCHEMAS,
  lookup: EMPTY_LOOKUP,
});

/** Whether the groups offer nothing: the `basic` group alone, with no tools, skills or sources. */
export function isEmpty(groups: readonly ToolGroup[]): boolean {
  if (groups.length !== 1) return false;
  const basic = groups[0] as ToolGroup;
  return (
    basic.name === BASIC_GROUP &&
    basic.tools.length === 0 &&
    basic.skills.length === 0 &&
    basic.sources.length === 0
  );
}

/** The empty view for these activated groups (the shared one when none is activated). */
export function emptyView(activatedGroups: readonly string[]): ToolView {
  if (activatedGroups.length === 0) return SHARED;
  return new ToolView({
    activatedGroups,
    available: NO_TOOLS,
    schemas: NO_SCHEMAS,
    lookup: EMPTY_LOOKUP,
  });
}
