import { Observable, Subject, type Subscription } from "rxjs";
import { getLogger } from "../errors/index.js";
import type { ToolBase } from "./tool-base.js";
import { assertToolInputSchema } from "./tool-input-schema.js";
import type { ToolSource } from "./tool-source.js";

/** A listing that worked: the source's tools with a usable input schema, frozen. */
export interface ListedTools {
  readonly ok: true;
  readonly tools: readonly ToolBase[];
}

/** One listing of a source: its tools, or why it failed (the caller warns and skips it). */
export type ListingResult = ListedTools | { readonly ok: false; readonly error: unknown };

/** One entry per source, shared by every toolkit holding it (one MCP client, many agents). */
const registry = new WeakMap<ToolSource, SourceListing>();

/**
 * What toolkits know of one source's tools. A source that announces changes (`changes$`) has its
 * last listing cached until it announces one; any other source is asked on every {@link list}.
 * A listing in flight is shared, so toolkits asking at once cost the source one round trip.
 *
 * The source's `changes$` is subscribed lazily (at the first listing or the first listener of
 * {@link announcements$}) and only while some toolkit holds the source: the last
 * {@link release} unsubscribes and forgets the cached listing. The subscription references this
 * entry only, never a toolkit, so a toolkit dropped without releasing leaks nothing of its own.
 */
export class SourceListing {
  readonly source: ToolSource;
  #holders = 0;
  /** Whether `changes$` may still announce: a source without one, or whose one ended, never does. */
  #watchable: boolean;
  #subscription: Subscription | null = null;
  /** Bumped by every announcement: a listing started before one is not cached. */
  #generation = 0;
  #cached: ListedTools | null = null;
  #pending: Promise<ListingResult> | null = null;
  readonly #announced = new Subject<void>();

  /**
   * Emits after each announcement of the source, once the cached listing is dropped (a listener
   * that lists at once sees the change).
   */
  readonly announcements$: Observable<void> = new Observable<void>((subscriber) => {
    const inner = this.#announced.subscribe(subscriber);
    this.#connect();
    return inner;
  });

  private constructor(source: ToolSource) {
    this.source = source;
    this.#watchable = source.changes$ !== undefined;
  }

  /** The one entry of this source. */
  static of(source: ToolSource): SourceListing {
    let listing = registry.get(source);
    if (listing === undefined) {
      listing = new SourceListing(source);
      registry.set(source, listing);
    }
    return listing;
  }

  /** A toolkit now holds the source. */
  hold(): void {
    this.#holders++;
  }

  /** A toolkit no longer holds the source; the last one unsubscribes and drops the cache. */
  release(): void {
    if (this.#holders === 0) return;
    if (--this.#holders > 0) return;
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#forget();
  }

  /** The cached listing while no change was announced since (never for a source without `changes$`). */
  get fresh(): ListedTools | null {
    return this.#cached;
  }

  /** The source's tools now: the cached listing, the one in flight, or a new one. */
  list(): Promise<ListingResult> {
    if (this.#cached !== null) return Promise.resolve(this.#cached);
    if (this.#pending !== null) return this.#pending;
    this.#connect();
    const generation = this.#generation;
    const pending = this.#ask().then((result) => {
      if (this.#pending === pending) this.#pending = null;
      // Cached only while subscribed: without a subscription no announcement could drop it.
      if (result.ok && generation === this.#generation && this.#subscription !== null) {
        this.#cached = result;
      }
      return result;
    });
    this.#pending = pending;
    return pending;
  }

  async #ask(): Promise<ListingResult> {
    try {
      const tools = await this.source.listTools();
      return { ok: true, tools: Object.freeze(tools.filter((tool) => this.#usable(tool))) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  #usable(tool: ToolBase): boolean {
    try {
      assertToolInputSchema(tool.inputSchema);
      return true;
    } catch (error) {
      getLogger().warn(`Skipping tool '${tool.name}' of '${this.source.name}'`, {
        error: (error as Error).message,
      });
      return false;
    }
  }

  #connect(): void {
    const changes$ = this.source.changes$;
    if (this.#subscription !== null || !this.#watchable || this.#holders === 0) return;
    if (changes$ === undefined) return;
    const subscription = changes$.subscribe({
      next: () => {
        this.#announce();
      },
      error: (error: unknown) => {
        getLogger().warn(
          `The change feed of tool source '${this.source.name}' failed; its tools are listed ` +
            "on every view from now on.",
          { error: error instanceof Error ? error.message : String(error) },
        );
        this.#end();
      },
      complete: () => {
        this.#end();
      },
    });
    // A feed that ended while subscribing has already cleaned up.
    this.#subscription = this.#watchable ? subscription : null;
  }

  /** The feed ended: nothing will announce a change any more, so nothing may stay cached. */
  #end(): void {
    this.#watchable = false;
    this.#subscription = null;
    this.#announce();
  }

  #announce(): void {
    this.#forget();
    this.#announced.next();
  }

  #forget(): void {
    this.#generation++;
    this.#cached = null;
    this.#pending = null;
  }
}

/** The warning for a source whose listing failed (it is skipped, spec §6.3). */
export function warnListingFailed(source: ToolSource, groupName: string, error: unknown): void {
  getLogger().warn(
    `Failed to list the tools of '${source.name}' in group '${groupName}'; skipping it.`,
    { error: error instanceof Error ? error.message : String(error) },
  );
}
