import { NatsError, type KV, type KvEntry, type NatsConnection, type QueuedIterator } from "nats";
import { Observable } from "rxjs";
import { TimeoutError, getLogger, type ActorscopeError } from "../errors/index.js";
import type { KeyValueEntry, KeyValueStore } from "./bus.js";
import { BusError, BusErrorCode } from "./bus-error.js";
import type { Codec } from "./codec.js";
import { CODECS } from "./codec-choice.js";
import { assertBucketName, assertKeyName } from "./kv-names.js";
import { fromNatsError } from "./nats-errors.js";

const DESCRIPTION = "actorscope key-value bucket; codec=";
const CODEC_IN_DESCRIPTION = /codec=([A-Za-z0-9_-]+)/;
/** Bound on the initial listing of a watch or `entries()` (the JetStream calls have their own). */
const LISTING_TIMEOUT_MS = 10_000;

/**
 * A {@link KeyValueStore} on a JetStream KV bucket (`nc.jetstream().views.kv`).
 *
 * KV entries carry no headers, so the codec cannot travel per value as it does per message; it is
 * recorded once per bucket instead, in the bucket's description, by whichever process creates it,
 * and every process then reads and writes that bucket with that codec whatever its bus's own. A
 * bucket made by other tools (no codec in its description) is read and written as JSON.
 *
 * Keys and bucket names are checked by `assertKeyName` and `assertBucketName` before any round
 * trip, as the in-process store does, and stored as they are (other NATS clients see the same keys).
 */
export class NatsKeyValueStore implements KeyValueStore {
  private readonly watchers = new Set<QueuedIterator<KvEntry>>();

  private constructor(
    readonly bucket: string,
    private readonly kv: KV,
    private readonly codec: Codec,
  ) {}

  /** Opens `bucket`, creating it (recording `codec` in it) when missing. */
  static async open(nc: NatsConnection, bucket: string, codec: Codec): Promise<NatsKeyValueStore> {
    assertBucketName(bucket);
    try {
      const kv = await nc.jetstream().views.kv(bucket, {
        history: 1,
        description: `${DESCRIPTION}${codec.name}`,
      });
      const status = await kv.status();
      const named = CODEC_IN_DESCRIPTION.exec(status.streamInfo.config.description ?? "")?.[1];
      const bucketCodec = named === codec.name ? codec : CODECS.get(named ?? "json");
      if (bucketCodec === undefined) {
        throw new BusError(
          BusErrorCode.BUS_CODEC,
          `The key-value bucket "${bucket}" was created with codec "${named ?? ""}", which this process does not have.`,
          { subject: bucket },
        );
      }
      return new NatsKeyValueStore(bucket, kv, bucketCodec);
    } catch (error) {
      throw kvError(error, "open", bucket);
    }
  }

  async get<T = unknown>(key: string): Promise<KeyValueEntry<T> | undefined> {
    assertKeyName(key, this.bucket);
    let entry: KvEntry | null;
    try {
      entry = await this.kv.get(key);
    } catch (error) {
      throw kvError(error, "get", this.bucket, key);
    }
    if (entry === null || entry.operation !== "PUT") return undefined;
    return { key, value: this.decode(entry) as T, revision: entry.revision };
  }

  async put(key: string, value: unknown): Promise<number> {
    assertKeyName(key, this.bucket);
    const bytes = this.codec.encode(value);
    try {
      return await this.kv.put(key, bytes);
    } catch (error) {
      throw kvError(error, "put", this.bucket, key);
    }
  }

  async delete(key: string): Promise<void> {
    assertKeyName(key, this.bucket);
    try {
      await this.kv.delete(key);
    } catch (error) {
      throw kvError(error, "delete", this.bucket, key);
    }
  }

  async entries<T = unknown>(): Promise<KeyValueEntry<T>[]> {
    const live = new Map<string, KeyValueEntry<T>>();
    await new Promise<void>((resolve, reject) => {
      const sub = this.watchEntries<T>(true).subscribe({
        next: (entry) => {
          if (entry === "initialized") {
            sub.unsubscribe();
            resolve();
          } else if (entry.value === undefined) live.delete(entry.key);
          else live.set(entry.key, entry);
        },
        error: reject,
        complete: resolve,
      });
    });
    return [...live.values()];
  }

  watch<T = unknown>(): Observable<KeyValueEntry<T>> {
    return new Observable<KeyValueEntry<T>>((observer) => {
      const sub = this.watchEntries<T>(false).subscribe({
        next: (entry) => {
          if (entry !== "initialized") observer.next(entry);
        },
        error: (error: unknown) => {
          observer.error(error);
        },
        complete: () => {
          observer.complete();
        },
      });
      return () => {
        sub.unsubscribe();
      };
    });
  }

  /** Ends every watch (the bus is closing). */
  stopWatches(): void {
    for (const watcher of this.watchers) watcher.stop();
    this.watchers.clear();
  }

  /**
   * The bucket's entries then its changes, with `"initialized"` between the two. Before it,
   * deletions are skipped (a watcher never saw those keys); after it, they arrive as
   * `value: undefined`.
   */
  private watchEntries<T>(listing: boolean): Observable<KeyValueEntry<T> | "initialized"> {
    return new Observable((observer) => {
      let iterator: QueuedIterator<KvEntry> | undefined;
      let stopped = false;
      let initialized = false;
      let early = false;
      const timer = setTimeout(() => {
        if (!initialized) {
          observer.error(
            new TimeoutError(`listing of key-value bucket "${this.bucket}"`, LISTING_TIMEOUT_MS),
          );
        }
      }, LISTING_TIMEOUT_MS);
      const markInitialized = (): void => {
        initialized = true;
        clearTimeout(timer);
        observer.next("initialized");
      };
      const run = async (): Promise<void> => {
        // nats.js calls `initializedFn` either in order from the iterator (after the initial
        // entries) or at once inside `watch()` when every initial entry is already queued but
        // not yet iterated; then the listing ends after the entries received so far.
        const it = await this.kv.watch({
          initializedFn: () => {
            if (iterator === undefined) early = true;
            else markInitialized();
          },
        });
        iterator = it;
        if (stopped) {
          it.stop();
          return;
        }
        this.watchers.add(it);
        let before = early ? it.getReceived() : -1;
        if (before === 0) markInitialized();
        for await (const raw of it) {
          if (raw.operation === "PUT" || initialized) {
            const entry = this.toEntry<T>(raw);
            if (entry !== undefined) observer.next(entry);
          }
          if (before > 0 && --before === 0) markInitialized();
        }
        this.watchers.delete(it);
        observer.complete();
      };
      run().catch((error: unknown) => {
        observer.error(kvError(error, listing ? "list" : "watch", this.bucket));
      });
      return () => {
        stopped = true;
        clearTimeout(timer);
        if (iterator !== undefined) {
          this.watchers.delete(iterator);
          iterator.stop();
        }
      };
    });
  }

  private toEntry<T>(raw: KvEntry): KeyValueEntry<T> | undefined {
    const key = raw.key;
    if (raw.operation !== "PUT") return { key, value: undefined, revision: raw.revision };
    try {
      return { key, value: this.decode(raw) as T, revision: raw.revision };
    } catch (error) {
      getLogger().warn(`Skipped an unreadable value in key-value bucket "${this.bucket}"`, {
        key,
        revision: raw.revision,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }

  private decode(entry: KvEntry): unknown {
    return this.codec.decode(entry.value);
  }
}

function kvError(error: unknown, op: string, bucket: string, key?: string): ActorscopeError {
  if (error instanceof BusError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const noJetStream = error instanceof NatsError && error.code === "503";
  if (noJetStream || /jetstream not enabled/i.test(message)) {
    return new BusError(
      BusErrorCode.BUS_CONNECTION,
      `JetStream is not enabled on the NATS server, and the key-value bucket "${bucket}" needs it: start nats-server with -js.`,
      { subject: bucket, cause: error },
    );
  }
  const what = key === undefined ? `key-value ${op}` : `key-value ${op} of "${key}" in`;
  return fromNatsError(error, { op: what, subject: bucket });
}
