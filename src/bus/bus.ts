import type { Observable } from "rxjs";
import type { z } from "zod";
import type { WireError } from "../errors/index.js";

/** Message headers: small string metadata that travels beside the payload (sequence numbers, trace context). */
export type BusHeaders = Readonly<Record<string, string>>;

/**
 * One message as a subscriber sees it. `data` is already decoded (and, when the subscription has
 * a schema, validated). `respond` is present when the sender expects replies; it may be called
 * more than once (a tool call streams its chunks back this way), and `respondError` sends a typed
 * error the requester receives as a rejected `request` or as a message with `error` set.
 */
export interface BusMessage<T = unknown> {
  readonly subject: string;
  readonly data: T;
  readonly headers?: BusHeaders | undefined;
  /** Where replies go, when the sender expects them. */
  readonly replyTo?: string | undefined;
  /** Set instead of `data` (which is then `undefined`) when this message is an error reply. */
  readonly error?: WireError | undefined;
  /**
   * Sends one reply to `replyTo`. A function property, not a method: it is bound, so it may be
   * destructured or handed on (`const { respond } = message`).
   */
  readonly respond?: ((payload: unknown, options?: { headers?: BusHeaders }) => void) | undefined;
  /** Sends an error reply (any thrown value; it travels as `{ code, message, data }`); bound too. */
  readonly respondError?:
    ((error: unknown, options?: { headers?: BusHeaders }) => void) | undefined;
}

export interface PublishOptions {
  /** The subject replies should go to (a subject from {@link Bus.inbox}). */
  readonly replyTo?: string;
  readonly headers?: BusHeaders;
}

export interface SubscribeOptions<T = unknown> {
  /** Queue group: each message goes to one member of the group, not to all. */
  readonly queue?: string;
  /**
   * Validates every payload on arrival. A payload that fails is not delivered: the sender gets a
   * `VALIDATION_FAILED` error reply when it expects one, otherwise a warning is logged.
   */
  readonly schema?: z.ZodType<T>;
  /** What the payload is, for error messages ("tool call", "agent command"). */
  readonly what?: string;
}

export interface RequestOptions<T = unknown> {
  /** The bound on the wait (required: every wait is bounded). */
  readonly timeoutMs: number;
  /** Cancels the wait (the promise rejects with `ABORTED`). */
  readonly signal?: AbortSignal;
  readonly headers?: BusHeaders;
  /** Validates the reply; a reply that fails rejects with `VALIDATION_FAILED`. */
  readonly schema?: z.ZodType<T>;
}

/** One key of a {@link KeyValueStore}; `value` is `undefined` for a deletion (in a watch). */
export interface KeyValueEntry<T = unknown> {
  readonly key: string;
  readonly value: T | undefined;
  /** Grows with every write to the bucket; a watcher sees entries in revision order. */
  readonly revision: number;
}

/**
 * A small shared map beside the bus: the tool registry (schemas, worker liveness) lives here.
 * A JetStream KV bucket on NATS, a map on the in-process bus. Keys follow NATS KV's rules
 * (`[-/_=.A-Za-z0-9]+`, no `.` at either end, never `..`; see `assertKeyName`), so `escapeToken`'s
 * `%XX` escapes are not valid keys: encode ids into that alphabet first. Values go through the
 * bus's codec.
 */
export interface KeyValueStore {
  readonly bucket: string;
  get<T = unknown>(key: string): Promise<KeyValueEntry<T> | undefined>;
  /** Writes `value`; resolves with the new revision. */
  put(key: string, value: unknown): Promise<number>;
  delete(key: string): Promise<void>;
  /** The live entries now. */
  entries<T = unknown>(): Promise<KeyValueEntry<T>[]>;
  /**
   * Every live entry first, then every change as it happens (deletions with `value: undefined`).
   * Hot after the initial entries; completes when the bus closes.
   */
  watch<T = unknown>(): Observable<KeyValueEntry<T>>;
}

/**
 * Subjects, publish/subscribe, queue groups and request/reply, with NATS semantics whatever the
 * transport: subjects are dot-separated tokens, `*` matches one token and `>` the rest, a
 * publisher's messages arrive in the order it sent them. Build subjects with {@link Subjects}.
 *
 * @example
 * const bus = new InProcessBus();
 * bus.subscribe("as.echo").subscribe((m) => m.respond?.(m.data));
 * await bus.request("as.echo", { hello: 1 }, { timeoutMs: 1_000 }); // { hello: 1 }
 */
export interface Bus {
  /**
   * Sends `payload` to every subscriber of `subject` (one member per queue group). When it has a
   * `replyTo` and reaches nobody, the publisher's subscription to `replyTo` receives one message
   * with `error.code === "NO_RESPONDERS"` and no data (nats-server's 503 status; on NATS only
   * the publishing connection gets it).
   */
  publish(subject: string, payload: unknown, options?: PublishOptions): void;
  /**
   * The messages on `subject` (wildcards allowed). Cold: each subscription to the observable is
   * one subscription on the bus, ended by unsubscribing. Completes when the bus closes;
   * subscribing to a closed bus errors with `BUS_CLOSED`.
   */
  subscribe<T = unknown>(subject: string, options?: SubscribeOptions<T>): Observable<BusMessage<T>>;
  /**
   * Sends `payload` and resolves with the first reply's data. Rejects with `NO_RESPONDERS` when
   * nobody listens, `TIMEOUT` after `timeoutMs`, `ABORTED` on the signal, or the responder's
   * typed error when it answers with one.
   */
  request<T = unknown>(subject: string, payload: unknown, options: RequestOptions<T>): Promise<T>;
  /** Opens (creating when missing) the key-value bucket `bucket` ([A-Za-z0-9_-]+). */
  keyValue(bucket: string): Promise<KeyValueStore>;
  /** A fresh, unique subject to receive replies on (subscribe to it, then publish with `replyTo`). */
  inbox(): string;
  /** Resolves when every subscription made so far is live and every publish has been sent. */
  flush(): Promise<void>;
  /** Drains and closes: pending messages are delivered, then every subscription completes. */
  close(): Promise<void>;
  /** True once `close()` was called. */
  readonly isClosed: boolean;
}
