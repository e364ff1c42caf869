import { ActorscopeError, ValidationError, getLogger } from "../errors/index.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { pyRepr } from "./input/py-repr.js";
import type { ToolBase } from "./tool-base.js";
import { BASIC_GROUP, ToolGroup, isToolSource } from "./tool-group.js";
import type { ToolkitOptions } from "./toolkit-options.js";
import type { ToolSource } from "./tool-source.js";

/*
 * A toolkit's groups and how they are edited (spec §6.3): built from the options (`basic` first,
 * holding what is given directly), tools and sources added to a group or removed from all. Each
 * edit says whether it changed anything, so the toolkit announces only real changes.
 */

/** The groups of a new toolkit: `basic` (the options' tools, skills and sources), then the others. */
export function buildGroups(options: ToolkitOptions): ToolGroup[] {
  const extra = options.toolGroups ?? [];
  if (extra.some((g) => g.name === BASIC_GROUP)) {
    throw configError(
      "The 'basic' tool group is reserved for the default tool group. Don't include 'basic' " +
        "in the tool_groups argument when you also provide tools, skills or mcps in the " +
        "constructor.",
    );
  }
  const groups = [
    new ToolGroup({
      name: BASIC_GROUP,
      tools: options.tools,
      skills: options.skills,
      mcps: options.mcps,
      sources: options.sources,
    }),
    ...extra,
  ];
  if (new Set(groups.map((g) => g.name)).size !== groups.length) {
    throw configError("Tool groups must not contain duplicate tool groups.");
  }
  for (const group of groups) for (const source of group.sources) assertUsable(source);
  return groups;
}

/**
 * Adds tools to a group. A tool with the same name in that group is replaced, and the new one
 * moves to the end (with a warning).
 */
export function addTools(
  groups: readonly ToolGroup[],
  tool: ToolBase | readonly ToolBase[],
  groupName: string,
): void {
  const group = findGroup(groups, groupName);
  const list: readonly ToolBase[] = isToolList(tool) ? tool : [tool];
  for (const added of list) {
    if (group.tools.some((t) => t.name === added.name)) {
      getLogger().warn(
        `Duplicate tool name '${added.name}' found in group '${group.name}', replacing it.`,
      );
      group.tools = group.tools.filter((t) => t.name !== added.name);
    }
    group.tools.push(added);
  }
}

/** Removes the tools with these names from every group; whether any was removed. */
export function removeTools(
  groups: readonly ToolGroup[],
  name: string | readonly string[],
): boolean {
  const names = new Set(typeof name === "string" ? [name] : name);
  let removed = false;
  for (const group of groups) {
    const kept = group.tools.filter((t) => !names.has(t.name));
    if (kept.length === group.tools.length) continue;
    group.tools = kept;
    removed = true;
  }
  return removed;
}

/**
 * Adds a tool source to a group, after its other sources; whether it was added (the same source
 * already in the group is not added twice, with a warning).
 */
export function addSource(
  groups: readonly ToolGroup[],
  source: ToolSource,
  groupName: string,
): boolean {
  if (!isToolSource(source)) {
    throw new ValidationError("addSource", [
      { path: "source", message: "Expected a tool source (with listTools())" },
    ]);
  }
  assertUsable(source);
  const group = findGroup(groups, groupName);
  if (group.sources.includes(source)) {
    getLogger().warn(`Tool source '${source.name}' is already in group '${group.name}'.`);
    return false;
  }
  group.sources.push(source);
  return true;
}

/** Removes a source (that object, or every source with that name) from every group; whether any was. */
export function removeSource(groups: readonly ToolGroup[], source: ToolSource | string): boolean {
  const matches = (s: ToolSource): boolean =>
    typeof source === "string" ? s.name === source : s === source;
  let removed = false;
  for (const group of groups) {
    for (let i = group.sources.length - 1; i >= 0; i--) {
      const s = group.sources[i];
      if (s !== undefined && matches(s)) {
        group.sources.splice(i, 1);
        removed = true;
      }
    }
  }
  return removed;
}

function findGroup(groups: readonly ToolGroup[], name: string): ToolGroup {
  const group = groups.find((g) => g.name === name);
  if (group === undefined) {
    throw configError(
      `Cannot find group '${name}' in toolkit, only ` +
        `${pyRepr(groups.map((g) => g.name))} are available.`,
    );
  }
  return group;
}

function isToolList(value: ToolBase | readonly ToolBase[]): value is readonly ToolBase[] {
  return Array.isArray(value);
}

/** A stateful source must be connected before a toolkit takes it (spec §6.3). */
function assertUsable(source: ToolSource): void {
  if (source.isStateful && !source.isConnected) {
    throw configError(`The MCP client '${source.name}' is stateful, but not connected.`);
  }
}

function configError(message: string): ActorscopeError {
  return new ActorscopeError(ToolErrorCode.INVALID_TOOLKIT_CONFIG, message);
}
