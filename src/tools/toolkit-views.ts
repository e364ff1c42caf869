import { readGroups, type GroupSnapshot } from "./group-snapshot.js";
import type { ToolGroup } from "./tool-group.js";
import type { ToolView } from "./tool-view.js";
import type { ToolkitChanges } from "./toolkit-changes.js";
import { ToolkitSnapshot, type SnapshotContext } from "./toolkit-snapshot.js";

/**
 * The views one toolkit hands out: the last snapshot read, kept while the toolkit still looks
 * the same (checked without allocating, on every step), read again otherwise.
 */
export class ToolkitViews {
  readonly #groups: () => readonly ToolGroup[];
  readonly #context: SnapshotContext;
  readonly #changes: ToolkitChanges;
  /** Bumped by every change through the toolkit's methods. */
  #version = 0;
  #snapshot: ToolkitSnapshot | null = null;
  /** Reads started and the newest installed: a slow earlier read must not replace a newer one. */
  #reads = 0;
  #installed = 0;

  constructor(
    groups: () => readonly ToolGroup[],
    context: SnapshotContext,
    changes: ToolkitChanges,
  ) {
    this.#groups = groups;
    this.#context = context;
    this.#changes = changes;
  }

  /** The view for these activated groups (see `Toolkit.view`). */
  view(activatedGroups: readonly string[]): ToolView | Promise<ToolView> {
    const snapshot = this.#snapshot;
    if (snapshot?.isCurrent(this.#version, this.#groups()) === true) {
      return snapshot.viewFor(activatedGroups);
    }
    const read = this.#read();
    return read instanceof Promise
      ? read.then((s) => s.viewFor(activatedGroups))
      : read.viewFor(activatedGroups);
  }

  /** The toolkit changed through one of its methods: no view taken before is handed out again. */
  changed(): void {
    this.#version++;
  }

  #read(): ToolkitSnapshot | Promise<ToolkitSnapshot> {
    // Sources put straight into a group's list are held from their first listing on.
    this.#changes.track();
    const version = this.#version;
    const read = ++this.#reads;
    const groups = readGroups(this.#groups());
    return groups instanceof Promise
      ? groups.then((g) => this.#install(version, read, g))
      : this.#install(version, read, groups);
  }

  #install(version: number, read: number, groups: readonly GroupSnapshot[]): ToolkitSnapshot {
    const snapshot = new ToolkitSnapshot(version, groups, this.#context, this.#snapshot);
    if (read > this.#installed) {
      this.#snapshot = snapshot;
      this.#installed = read;
    }
    return snapshot;
  }
}
