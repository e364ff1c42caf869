import { Subject, type Observable, type Subscription } from "rxjs";
import { REGISTRY_TOOL_PREFIX, type Bus, type KeyValueEntry } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import type { ToolSource } from "../../tools/index.js";
import {
  ToolRegistryEntrySchema,
  type ToolRegistryEntry,
} from "../tool-protocol/tool-registry-entry.js";
import { RemoteTool } from "./remote-tool.js";
import { RemoteToolClient } from "./remote-tool-client.js";
import {
  readRemoteOptions,
  type RemoteToolSourceOptions,
  type ResolvedRemoteOptions,
} from "./remote-tools-options.js";

/** One worker's entry for one tool, as this source last saw it. */
interface Known {
  readonly entry: ToolRegistryEntry;
  readonly revision: number;
  /** When it was last refreshed, on this process's clock. */
  seenAt: number;
  live: boolean;
}

/**
 * The tools workers serve on the bus, live: a `ToolSource` for a toolkit (`new Toolkit({ sources:
 * [source] })`) that watches the registry. `changes$` emits when a worker joins, leaves, or goes
 * stale (it stopped refreshing its entries: it died), so toolkits list again; a tool is listed
 * while one of its workers is live. `close()` stops watching.
 */
export class RemoteToolSource implements ToolSource {
  readonly name: string;
  readonly isStateful = false;
  readonly isConnected = true;
  readonly changes$: Observable<void>;
  readonly #client: RemoteToolClient;
  readonly #options: ResolvedRemoteOptions;
  readonly #changes = new Subject<void>();
  readonly #known = new Map<string, Known>();
  /** One proxy per tool name, remade when the tool's definition changes. */
  readonly #tools = new Map<string, RemoteTool>();
  #watch: Subscription | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #closed = false;

  constructor(bus: Bus, options: ResolvedRemoteOptions) {
    this.#options = options;
    this.name = options.name;
    this.#client = new RemoteToolClient(bus, options);
    this.changes$ = this.#changes.asObservable();
  }

  /** Reads the registry, then follows it. */
  async open(): Promise<void> {
    const store = await this.#client.bus.keyValue(this.#options.subjects.registry());
    const now = Date.now();
    for (const entry of await store.entries()) this.#apply(entry, now);
    this.#watch = store.watch().subscribe({
      next: (entry) => {
        this.#apply(entry, null);
      },
      error: (error: unknown) => {
        getLogger().warn(`tool source '${this.name}': the registry watch failed`, {
          error: String(error),
        });
      },
    });
    this.#timer = setInterval(() => {
      this.#sweep();
    }, 250);
    this.#timer.unref();
  }

  /** The tools with a live worker now. */
  tools(): RemoteTool[] {
    const live: RemoteTool[] = [];
    for (const [name, tool] of this.#tools) if (this.#client.pool.hasLive(name)) live.push(tool);
    return live;
  }

  listTools(): Promise<readonly RemoteTool[]> {
    return Promise.resolve(this.tools());
  }

  /**
   * The tools once every one of `names` has a live worker, or after `waitMs` whatever is there
   * (bounded; an empty `names` does not wait).
   */
  async whenTools(names: readonly string[], waitMs: number): Promise<RemoteTool[]> {
    const ready = (): boolean => names.every((name) => this.#client.pool.hasLive(name));
    if (names.length === 0 || waitMs === 0 || ready()) return this.tools();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      const subscription = this.#changes.subscribe({
        next: () => {
          if (ready()) done();
        },
        complete: done,
      });
      function done(): void {
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve();
      }
    });
    return this.tools();
  }

  /** Stops following the registry; calls in flight go on, new ones go to the queue group. */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#watch?.unsubscribe();
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#changes.complete();
    return Promise.resolve();
  }

  /** One registry entry (or deletion); `readAt` is set for the first listing. */
  #apply(entry: KeyValueEntry, readAt: number | null): void {
    const { key } = entry;
    if (!key.startsWith(REGISTRY_TOOL_PREFIX)) return;
    const previous = this.#known.get(key);
    if (previous !== undefined && entry.revision <= previous.revision) return;
    if (entry.value === undefined) {
      if (previous === undefined) return;
      this.#known.delete(key);
      this.#client.pool.remove(previous.entry.name, previous.entry.worker_id);
      this.#changed();
      return;
    }
    const parsed = ToolRegistryEntrySchema.safeParse(entry.value);
    if (!parsed.success) {
      if (previous === undefined) {
        getLogger().warn(`tool source '${this.name}': skipped a malformed registry entry "${key}"`);
      }
      return;
    }
    const value = parsed.data;
    const names = this.#options.names;
    if (names !== null && !names.has(value.name)) return;
    // A first listing's entries count from their own refresh time (never the future); later
    // ones from their arrival, so clocks of other machines never matter after that.
    const seenAt =
      readAt === null ? Date.now() : Math.min(readAt, Date.parse(value.updated_at) || 0);
    const known: Known = { entry: value, revision: entry.revision, seenAt, live: true };
    known.live = this.#fresh(known, Date.now());
    this.#known.set(key, known);
    this.#client.pool.set(value.name, value.worker_id, known.live);
    const tool = this.#tools.get(value.name);
    if (tool === undefined || definition(tool.entry) !== definition(value)) {
      this.#tools.set(value.name, new RemoteTool(value, this.#client));
      this.#changed();
    } else if (previous === undefined || previous.live !== known.live) {
      this.#changed();
    }
  }

  /** Marks workers that stopped refreshing as gone (and back when they refresh again). */
  #sweep(): void {
    const now = Date.now();
    let changed = false;
    for (const known of this.#known.values()) {
      const live = this.#fresh(known, now);
      if (live === known.live) continue;
      known.live = live;
      this.#client.pool.set(known.entry.name, known.entry.worker_id, live);
      changed = true;
    }
    if (changed) this.#changed();
  }

  #fresh(known: Known, now: number): boolean {
    return now - known.seenAt <= known.entry.liveness_ms * this.#options.missedRefreshes;
  }

  #changed(): void {
    if (!this.#closed) this.#changes.next();
  }
}

/** What makes two entries the same tool for a model and its permission engine. */
function definition(entry: ToolRegistryEntry): string {
  return JSON.stringify([
    entry.version,
    entry.name,
    entry.description,
    entry.input_schema,
    entry.is_concurrency_safe,
    entry.is_read_only,
    entry.is_mcp,
    entry.mcp_name,
    entry.has_rule_subjects,
    entry.dangerous_files,
    entry.dangerous_directories,
  ]);
}

/**
 * A live {@link RemoteToolSource}: resolves once the registry is read.
 *
 * @example
 * const source = await remoteToolSource(bus, { names: ["Bash"] });
 * const agent = new Agent({ name: "ops", systemPrompt, model, toolkit: new Toolkit({ sources: [source] }) });
 */
export async function remoteToolSource(
  bus: Bus,
  options: RemoteToolSourceOptions = {},
): Promise<RemoteToolSource> {
  const source = new RemoteToolSource(bus, readRemoteOptions(options, "remoteToolSource options"));
  await source.open();
  return source;
}
