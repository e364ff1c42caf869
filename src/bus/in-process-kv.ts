import { Observable, type Subscriber } from "rxjs";
import type { KeyValueEntry, KeyValueStore } from "./bus.js";
import { task, type DeliveryTask } from "./delivery-queue.js";
import { assertBucketName, assertKeyName } from "./kv-names.js";

/** What a bucket needs from its bus. */
export interface KeyValueHost {
  /** The payload round-trip of the bus (so a stored value is plain data, not the caller's object). */
  copy(value: unknown): unknown;
  /** Queues work on the bus's FIFO (watch notifications are asynchronous, in order). */
  enqueue(task: DeliveryTask): void;
  /** True once the bus is closed. */
  isClosed(): boolean;
  /** The `BUS_CLOSED` error for calls made after that. */
  closedError(): Error;
}

interface Watcher {
  readonly subscriber: Subscriber<KeyValueEntry>;
  /** The revision its snapshot covered; -1 until the snapshot is sent. */
  since: number;
}

/**
 * The in-process {@link KeyValueStore}: a map with one revision counter per bucket. Values are
 * copied once on `put` (through the bus's codec) and shared by every reader: treat them as
 * read-only. Watchers are notified through the bus's queue, so a watcher that writes does not
 * recurse.
 */
export class InProcessKeyValueStore implements KeyValueStore {
  private readonly byKey = new Map<string, KeyValueEntry>();
  private revision = 0;
  private readonly watchers = new Set<Watcher>();

  constructor(
    readonly bucket: string,
    private readonly host: KeyValueHost,
  ) {
    assertBucketName(bucket);
  }

  get<T = unknown>(key: string): Promise<KeyValueEntry<T> | undefined> {
    return attempt(() => {
      this.assertOpen();
      assertKeyName(key, this.bucket);
      return this.byKey.get(key) as KeyValueEntry<T> | undefined;
    });
  }

  put(key: string, value: unknown): Promise<number> {
    return attempt(() => {
      this.assertOpen();
      assertKeyName(key, this.bucket);
      return this.write({ key, value: this.host.copy(value), revision: ++this.revision }, false);
    });
  }

  delete(key: string): Promise<void> {
    return attempt(() => {
      this.assertOpen();
      assertKeyName(key, this.bucket);
      // Like NATS, a delete is a write (a marker with its own revision) even for a missing key.
      this.write({ key, value: undefined, revision: ++this.revision }, true);
    });
  }

  entries<T = unknown>(): Promise<KeyValueEntry<T>[]> {
    return attempt(() => {
      this.assertOpen();
      return this.live() as KeyValueEntry<T>[];
    });
  }

  watch<T = unknown>(): Observable<KeyValueEntry<T>> {
    return new Observable<KeyValueEntry<T>>((subscriber) => {
      if (this.host.isClosed()) {
        subscriber.error(this.host.closedError());
        return;
      }
      const watcher: Watcher = { subscriber: subscriber, since: -1 };
      this.watchers.add(watcher);
      this.host.enqueue(
        task(() => {
          if (subscriber.closed) return;
          // The snapshot covers the revisions up to now; a write made by the watcher while it
          // sees the snapshot comes after, as a change.
          const snapshot = this.live();
          watcher.since = this.revision;
          for (const entry of snapshot) subscriber.next(entry as KeyValueEntry<T>);
        }),
      );
      return () => {
        this.watchers.delete(watcher);
      };
    });
  }

  /** Completes every watch (the bus is closing). */
  close(): void {
    for (const watcher of this.watchers) watcher.subscriber.complete();
    this.watchers.clear();
  }

  private write(entry: KeyValueEntry, deletion: boolean): number {
    if (deletion) this.byKey.delete(entry.key);
    else this.byKey.set(entry.key, entry);
    if (this.watchers.size > 0) {
      this.host.enqueue(
        task(() => {
          for (const watcher of this.watchers) {
            if (watcher.since >= 0 && entry.revision > watcher.since)
              watcher.subscriber.next(entry);
          }
        }),
      );
    }
    return entry.revision;
  }

  private live(): KeyValueEntry[] {
    return [...this.byKey.values()].sort((x, y) => x.revision - y.revision);
  }

  private assertOpen(): void {
    if (this.host.isClosed()) throw this.host.closedError();
  }
}

/** Runs `fn`, turning a throw into a rejection (the store's methods are asynchronous). */
function attempt<T>(fn: () => T): Promise<T> {
  return new Promise<T>((resolve) => {
    resolve(fn());
  });
}
