import { isSkillLoader, type SkillLoader } from "./skills/skill-loader.js";
import type { Skill } from "./skills/skill.js";
import {
  SourceListing,
  warnListingFailed,
  type ListedTools,
  type ListingResult,
} from "./source-listing.js";
import type { ToolBase } from "./tool-base.js";
import type { ToolGroup } from "./tool-group.js";
import type { ToolSource } from "./tool-source.js";

/**
 * One group as a snapshot saw it: what it held (copies, to tell later whether it changed) and
 * what it offered — its own tools, then its sources' tools, in order.
 */
export interface GroupSnapshot {
  readonly group: ToolGroup;
  readonly ownTools: readonly ToolBase[];
  readonly sources: readonly ToolSource[];
  /** Per source, the cached listing used (null: asked afresh, so stale at the next view). */
  readonly listed: readonly (readonly ToolBase[] | null)[];
  readonly skills: readonly (Skill | SkillLoader)[];
  /** What the group offers: own tools, then the sources' tools. */
  readonly tools: readonly ToolBase[];
  readonly hasSkills: boolean;
}

/**
 * The groups as they are now. Synchronous when nothing must be awaited: no source without a
 * fresh cached listing and no skill loader (a static toolkit, or sources that announce changes
 * and were listed since their last announcement); a promise otherwise.
 */
export function readGroups(
  groups: readonly ToolGroup[],
): readonly GroupSnapshot[] | Promise<readonly GroupSnapshot[]> {
  const now: GroupSnapshot[] = [];
  for (const group of groups) {
    const snapshot = readNow(group);
    if (snapshot === null) return Promise.all(groups.map(readLater));
    now.push(snapshot);
  }
  return now;
}

/** Whether this snapshot of a group still holds: same entries, same fresh listings, no loader. */
export function isUnchanged(snapshot: GroupSnapshot, group: ToolGroup): boolean {
  if (snapshot.group !== group) return false;
  if (!sameItems(snapshot.ownTools, group.tools)) return false;
  if (!sameItems(snapshot.skills, group.skills)) return false;
  if (!sameItems(snapshot.sources, group.sources)) return false;
  for (let i = 0; i < snapshot.sources.length; i++) {
    const listed = snapshot.listed[i];
    const source = snapshot.sources[i];
    if (listed === null || source === undefined) return false;
    if (SourceListing.of(source).fresh?.tools !== listed) return false;
  }
  for (const skill of snapshot.skills) if (isSkillLoader(skill)) return false;
  return true;
}

/** Whether two snapshots of groups offer the same: same groups, same tools, same skill presence. */
export function offerSame(a: readonly GroupSnapshot[], b: readonly GroupSnapshot[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) return false;
    if (x.group !== y.group || x.hasSkills !== y.hasSkills || !sameItems(x.tools, y.tools)) {
      return false;
    }
  }
  return true;
}

/** What a group holds, copied (the toolkit's methods change its lists in place). */
interface GroupEntries {
  readonly tools: readonly ToolBase[];
  readonly sources: readonly ToolSource[];
  readonly skills: readonly (Skill | SkillLoader)[];
}

function entriesOf(group: ToolGroup): GroupEntries {
  return { tools: [...group.tools], sources: [...group.sources], skills: [...group.skills] };
}

/** The group from fresh listings alone, or null when something must be awaited. */
function readNow(group: ToolGroup): GroupSnapshot | null {
  for (const skill of group.skills) if (isSkillLoader(skill)) return null;
  const results: ListedTools[] = [];
  for (const source of group.sources) {
    const fresh = SourceListing.of(source).fresh;
    if (fresh === null) return null;
    results.push(fresh);
  }
  return snapshotOf(group, entriesOf(group), results, group.skills.length > 0);
}

async function readLater(group: ToolGroup): Promise<GroupSnapshot> {
  // Copied before awaiting: the snapshot is of the group as it was when the view was asked for.
  const entries = entriesOf(group);
  const [results, skills] = await Promise.all([
    Promise.all(entries.sources.map((source) => SourceListing.of(source).list())),
    group.listSkills(),
  ]);
  return snapshotOf(group, entries, results, skills.length > 0);
}

function snapshotOf(
  group: ToolGroup,
  entries: GroupEntries,
  results: readonly ListingResult[],
  hasSkills: boolean,
): GroupSnapshot {
  const listed: (readonly ToolBase[] | null)[] = [];
  const tools: ToolBase[] = [...entries.tools];
  entries.sources.forEach((source, i) => {
    const result = results[i];
    if (result === undefined) return;
    if (result.ok) {
      tools.push(...result.tools);
      // Only a listing still cached stays valid; one asked afresh is stale at the next view.
      listed.push(SourceListing.of(source).fresh?.tools === result.tools ? result.tools : null);
    } else {
      warnListingFailed(source, group.name, result.error);
      listed.push(null);
    }
  });
  return {
    group,
    ownTools: entries.tools,
    sources: entries.sources,
    listed,
    skills: entries.skills,
    tools,
    hasSkills,
  };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
