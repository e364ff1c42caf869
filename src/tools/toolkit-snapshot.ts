import type { ToolSchema } from "../message/index.js";
import { assembleTools, type BuiltinTools } from "./assemble-tools.js";
import { isUnchanged, offerSame, type GroupSnapshot } from "./group-snapshot.js";
import type { RegisteredTool } from "./tool-call.js";
import { BASIC_GROUP, type ToolGroup } from "./tool-group.js";
import type { ToolSchemaCache } from "./tool-schema-cache.js";
import { sameNames, ToolView, type ToolLookup } from "./tool-view.js";

/** How many views (sets of activated groups) a snapshot keeps: agents sharing a toolkit differ. */
const MAX_VIEWS = 8;

/** What every snapshot of one toolkit shares. */
export interface SnapshotContext {
  readonly builtins: BuiltinTools;
  readonly schemas: ToolSchemaCache;
}

/**
 * Everything a toolkit offered at one moment: each group's tools and its sources' listings. It
 * makes the {@link ToolView}s of that moment (one per set of activated groups, kept and handed
 * out again) and tells whether the toolkit still looks the same — allocation-free, as the agent
 * asks on every step.
 */
export class ToolkitSnapshot implements ToolLookup {
  /** The toolkit's change count when the snapshot was read. */
  readonly version: number;
  readonly #groups: readonly GroupSnapshot[];
  readonly #context: SnapshotContext;
  readonly #hasNonBasicGroup: boolean;
  /** The views made so far, shared with an earlier snapshot that offered the same. */
  readonly #views: ToolView[];
  #anywhere: Map<string, RegisteredTool> | null = null;

  /**
   * A snapshot read at `version`. When `previous` was read at the same version and offered exactly
   * the same tools (a source asked again answered the same), its views are kept: the agent gets
   * the same view objects. (A change through the toolkit's methods always makes new views, so
   * re-adding a tool whose description changed is seen.)
   */
  constructor(
    version: number,
    groups: readonly GroupSnapshot[],
    context: SnapshotContext,
    previous: ToolkitSnapshot | null,
  ) {
    this.version = version;
    this.#groups = groups;
    this.#context = context;
    this.#hasNonBasicGroup = groups.some((g) => g.group.name !== BASIC_GROUP);
    const same =
      previous !== null && previous.version === version && offerSame(previous.#groups, groups);
    this.#views = same ? previous.#views : [];
    this.#anywhere = same ? previous.#anywhere : null;
  }

  get metaToolName(): string {
    return this.#context.builtins.metaTool.name;
  }

  /** Whether the toolkit at `version` with these groups still offers what this snapshot read. */
  isCurrent(version: number, groups: readonly ToolGroup[]): boolean {
    if (version !== this.version || groups.length !== this.#groups.length) return false;
    for (let i = 0; i < groups.length; i++) {
      const snapshot = this.#groups[i];
      const group = groups[i];
      if (snapshot === undefined || group === undefined || !isUnchanged(snapshot, group)) {
        return false;
      }
    }
    return true;
  }

  /** The view for these activated groups: the one made before, or a new one. */
  viewFor(activatedGroups: readonly string[]): ToolView {
    const views = this.#views;
    for (let i = 0; i < views.length; i++) {
      const view = views[i];
      if (view !== undefined && sameNames(view.activatedGroups, activatedGroups)) return view;
    }
    const view = this.#makeView(Object.freeze([...activatedGroups]));
    views.unshift(view);
    if (views.length > MAX_VIEWS) views.pop();
    return view;
  }

  findAnywhere(name: string): RegisteredTool | undefined {
    this.#anywhere ??= assembleTools(
      this.#groups,
      this.#context.builtins,
      this.#hasNonBasicGroup,
      false,
    );
    return this.#anywhere.get(name);
  }

  #makeView(activatedGroups: readonly string[]): ToolView {
    const active = this.#groups.filter(
      (g) => g.group.name === BASIC_GROUP || activatedGroups.includes(g.group.name),
    );
    const available = assembleTools(active, this.#context.builtins, this.#hasNonBasicGroup, true);
    const schemas: ToolSchema[] = [];
    for (const { tool } of available.values()) schemas.push(this.#context.schemas.of(tool));
    return new ToolView({
      activatedGroups,
      available,
      schemas: Object.freeze(schemas),
      lookup: this,
    });
  }
}
