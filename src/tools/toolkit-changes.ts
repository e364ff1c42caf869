import { Observable, Subject, type Subscription } from "rxjs";
import { SourceListing } from "./source-listing.js";
import type { ToolGroup } from "./tool-group.js";
import type { ToolSource } from "./tool-source.js";

/**
 * A toolkit's change feed and its hold on its sources. The toolkit tells it about its own changes
 * ({@link emit}); the sources' announcements are forwarded only while someone listens to
 * {@link changes$}, so a toolkit nobody watches is referenced by no source. {@link track} keeps
 * the held sources equal to the groups' sources: a source gone from every group is released (and
 * its feed unsubscribed once no toolkit holds it).
 */
export class ToolkitChanges {
  readonly #local = new Subject<void>();
  /** The sources held, each with its forwarding subscription while someone listens. */
  readonly #held = new Map<ToolSource, Subscription | null>();
  readonly #groups: () => readonly ToolGroup[];
  #listeners = 0;

  /**
   * Emits when tools are added or removed, when the groups change, and when a source announces a
   * change. Each emission means: a new `toolkit.view(…)` may differ from the last.
   */
  readonly changes$: Observable<void> = new Observable<void>((subscriber) => {
    const inner = this.#local.subscribe(subscriber);
    if (this.#listeners++ === 0) {
      this.track();
      for (const source of this.#held.keys()) this.#forward(source);
    }
    return () => {
      inner.unsubscribe();
      if (--this.#listeners === 0) {
        for (const [source, subscription] of this.#held) {
          subscription?.unsubscribe();
          this.#held.set(source, null);
        }
      }
    };
  });

  constructor(groups: () => readonly ToolGroup[]) {
    this.#groups = groups;
  }

  /** The toolkit changed through one of its methods. */
  emit(): void {
    this.#local.next();
  }

  /** Holds the sources the groups hold now and releases those they no longer hold. */
  track(): void {
    const current = new Set<ToolSource>();
    for (const group of this.#groups()) for (const source of group.sources) current.add(source);
    for (const [source, subscription] of this.#held) {
      if (current.has(source)) continue;
      subscription?.unsubscribe();
      this.#held.delete(source);
      SourceListing.of(source).release();
    }
    for (const source of current) {
      if (this.#held.has(source)) continue;
      SourceListing.of(source).hold();
      this.#held.set(source, null);
      if (this.#listeners > 0) this.#forward(source);
    }
  }

  #forward(source: ToolSource): void {
    const existing = this.#held.get(source);
    if (existing !== null && existing !== undefined) return;
    const subscription = SourceListing.of(source).announcements$.subscribe(() => {
      this.#local.next();
    });
    this.#held.set(source, subscription);
  }
}
