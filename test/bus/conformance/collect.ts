import type { Observable, Subscription } from "rxjs";
import { afterEach, beforeEach } from "vitest";
import type { Bus, BusMessage } from "../../../src/bus/index.js";

/** Every wait in the suite is bounded by this (generous: CI machines are slow and shared). */
export const WAIT_MS = 10_000;

/** Two endpoints of one bus: the same instance in-process, two connections on NATS. */
export interface BusPair {
  readonly a: Bus;
  readonly b: Bus;
  close(): Promise<void>;
}

/** Opens a fresh pair for each test. */
export type OpenBusPair = () => Promise<BusPair>;

/** A subscription that records what arrives, with bounded waits for a count or completion. */
export interface ItemCollector<M> {
  readonly received: M[];
  readonly subscription: Subscription;
  /** Resolves with the items once `count` have arrived; rejects after {@link WAIT_MS}. */
  until(count: number): Promise<M[]>;
  /** Resolves when the observable completes; rejects with its error or after {@link WAIT_MS}. */
  ended(): Promise<"complete">;
}

/** An {@link ItemCollector} of bus messages. */
export interface Collector<T> extends ItemCollector<BusMessage<T>> {
  /** The data of every message so far. */
  data(): T[];
}

/** Subscribes now (so the subscription exists before the caller flushes) and records messages. */
export function collect<T>(source: Observable<BusMessage<T>>): Collector<T> {
  const items = collectItems(source);
  return { ...items, data: () => items.received.map((m) => m.data) };
}

/** Subscribes now and records whatever `source` emits. */
export function collectItems<M>(source: Observable<M>): ItemCollector<M> {
  const received: M[] = [];
  const waiters = new Set<() => void>();
  let outcome: { ok: true } | { ok: false; error: unknown } | undefined;
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  const subscription = source.subscribe({
    next: (message) => {
      received.push(message);
      wake();
    },
    error: (error: unknown) => {
      outcome = { ok: false, error };
      wake();
    },
    complete: () => {
      outcome = { ok: true };
      wake();
    },
  });
  const wait = <R>(ready: () => R | undefined, label: string): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`Timed out waiting for ${label}; received ${received.length}`));
      }, WAIT_MS);
      const check = (): void => {
        let value: R | undefined;
        try {
          value = ready();
        } catch (error) {
          clearTimeout(timer);
          waiters.delete(check);
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      waiters.add(check);
      check();
    });
  return {
    received,
    subscription,
    until: (count) =>
      wait(() => {
        if (received.length >= count) return received;
        if (outcome !== undefined) throw new Error(`Ended after ${received.length} of ${count}`);
        return undefined;
      }, `${count} messages`),
    ended: () =>
      wait(() => {
        if (outcome === undefined) return undefined;
        if (outcome.ok) return "complete" as const;
        throw outcome.error;
      }, "the end of the stream"),
  };
}

let prefixes = 0;

/** A subject prefix no other test uses (a NATS server may be shared by many tests). */
export function freshPrefix(): string {
  prefixes++;
  return `conf${prefixes}x${Math.random().toString(36).slice(2, 8)}`;
}

/** What each test gets: a fresh pair and a fresh subject prefix. */
export interface PairContext extends BusPair {
  /** A subject prefix unique to this test. */
  readonly p: string;
}

/** Opens a pair before each test of the calling `describe` and closes it after. */
export function usePair(open: OpenBusPair): () => PairContext {
  let current: PairContext | undefined;
  beforeEach(async () => {
    const pair = await open();
    current = { a: pair.a, b: pair.b, close: () => pair.close(), p: freshPrefix() };
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error("usePair: no pair outside a test");
    return current;
  };
}

/** What `fn` throws (`undefined` when it does not), to match against. */
export function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
