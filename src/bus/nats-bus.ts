import { createInbox, type NatsConnection, type Status, type Subscription } from "nats";
import { Observable, Subject } from "rxjs";
import { ActorscopeError, TimeoutError, getLogger, toWireError } from "../errors/index.js";
import type {
  Bus,
  BusHeaders,
  BusMessage,
  KeyValueStore,
  PublishOptions,
  RequestOptions,
  SubscribeOptions,
} from "./bus.js";
import { BusError, BusErrorCode, busClosedError } from "./bus-error.js";
import type { Codec } from "./codec.js";
import { resolveCodec } from "./codec-choice.js";
import type { ReconnectBackoff } from "./nats-backoff.js";
import { drainWithin, openNatsConnection } from "./nats-connect.js";
import { asyncServerError, fromNatsError, lostReplyError } from "./nats-errors.js";
import { assertBucketName } from "./kv-names.js";
import { NatsKeyValueStore } from "./nats-kv.js";
import { readMessage, type ReadOptions, type Replier } from "./nats-message.js";
import {
  parseNatsBusOptions,
  type NatsBusOptions,
  type ResolvedNatsBusOptions,
} from "./nats-options.js";
import { NatsRequests } from "./nats-requests.js";
import { statusServer, statusType, type BusStatus } from "./nats-status.js";
import { WireReader, WireWriter } from "./nats-wire.js";
import { assertPublishSubject, assertQueueName } from "./subject-check.js";
import { assertSubject } from "./subjects.js";

/**
 * The {@link Bus} on NATS (nats.js 2.x): many processes, many machines, the same semantics as
 * the in-process bus. Payloads are encoded by the bus's codec (`codec` option, MessagePack by
 * default) and carry an `as-codec` header, so a receiver decodes whatever the sender chose; error replies carry `as-error` and a wire error.
 * `status$` reports the connection (disconnects, reconnects, asynchronous server errors) and
 * `errors$` the server's asynchronous refusals, such as a publish its subject permissions deny.
 *
 * @example
 * const bus = await NatsBus.connect({ servers: "nats://127.0.0.1:4222", name: "worker-1" });
 * bus.subscribe("as.echo").subscribe((m) => m.respond?.(m.data));
 * await bus.request("as.echo", { hello: 1 }, { timeoutMs: 1_000 }); // { hello: 1 }
 * await bus.close();
 */
export class NatsBus implements Bus, Replier {
  /** Connects (validating `options`); a failure is `BUS_CONNECTION` naming the URL and the fix. */
  static async connect(options: NatsBusOptions = {}): Promise<NatsBus> {
    const resolved = parseNatsBusOptions(options);
    const codec = resolveCodec(resolved.codec);
    const link = await openNatsConnection(resolved);
    return new NatsBus(link.nc, link.backoff, codec, resolved);
  }

  /** The codec this bus encodes with (it decodes whatever a sender's header names). */
  readonly codec: Codec;
  /** Connection events, hot (see {@link BusStatus}); completes when the bus closes. */
  readonly status$: Observable<BusStatus>;
  /**
   * The server's asynchronous errors, hot: chiefly `BUS_PERMISSION` for a publish its subject
   * permissions refused (`error.subject`). A request so refused also rejects with it. When
   * nobody observes this stream, each error no request claimed is logged as a warning.
   */
  readonly errors$: Observable<ActorscopeError>;

  private readonly statusSubject = new Subject<BusStatus>();
  private readonly errorSubject = new Subject<ActorscopeError>();
  /** Live subscriptions' observers, ended when the bus closes. */
  private readonly subscribers = new Set<{ complete(): void; error(error: unknown): void }>();
  private readonly stores = new Map<string, Promise<NatsKeyValueStore>>();
  private readonly writer: WireWriter;
  private readonly reader: WireReader;
  private readonly requests: NatsRequests;
  private closing: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly backoff: ReconnectBackoff | undefined,
    codec: Codec,
    private readonly options: ResolvedNatsBusOptions,
  ) {
    this.codec = codec;
    this.writer = new WireWriter();
    this.reader = new WireReader(codec);
    this.requests = new NatsRequests(nc, options.inboxPrefix, this.reader, this.writer, this);
    this.status$ = this.statusSubject.asObservable();
    this.errors$ = this.errorSubject.asObservable();
    void this.followStatus();
    void nc.closed().then((error) => {
      this.lost(error instanceof Error ? error : undefined);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  publish(subject: string, payload: unknown, options?: PublishOptions): void {
    this.assertOpen(subject);
    assertPublishSubject(subject);
    const replyTo = options?.replyTo;
    if (replyTo !== undefined) assertPublishSubject(replyTo);
    const codec = this.codec;
    const data = codec.encode(payload);
    try {
      this.nc.publish(subject, data, this.writer.options(codec, replyTo, options?.headers, false));
    } catch (error) {
      throw fromNatsError(error, { op: "publish", subject });
    }
  }

  subscribe<T = unknown>(
    subject: string,
    options: SubscribeOptions<T> = {},
  ): Observable<BusMessage<T>> {
    // Checked at the call, as the in-process bus does: a bad subject is a bug at the call site.
    assertSubject(subject, { wildcards: true });
    const queue = options.queue;
    if (queue !== undefined) assertQueueName(queue);
    return new Observable<BusMessage<T>>((subscriber) => {
      if (this.closed) {
        subscriber.error(busClosedError(subject));
        return;
      }
      const read: ReadOptions<T> = {
        reader: this.reader,
        replier: this,
        schema: options.schema,
        what: options.what,
      };
      let sub: Subscription;
      try {
        sub = this.nc.subscribe(subject, {
          ...(queue === undefined ? {} : { queue }),
          callback: (error, msg) => {
            if (error !== null) {
              subscriber.error(fromNatsError(error, { op: "subscribe", subject }));
              return;
            }
            const message = readMessage(msg, read);
            if (message instanceof ActorscopeError) this.refuse(subject, msg.reply, message);
            else subscriber.next(message);
          },
        });
      } catch (error) {
        subscriber.error(fromNatsError(error, { op: "subscribe", subject }));
        return;
      }
      this.subscribers.add(subscriber);
      return () => {
        this.subscribers.delete(subscriber);
        if (!sub.isClosed() && !this.nc.isClosed()) sub.unsubscribe();
      };
    });
  }

  request<T = unknown>(subject: string, payload: unknown, options: RequestOptions<T>): Promise<T> {
    try {
      this.assertOpen(subject);
      assertPublishSubject(subject);
      return this.requests.request(subject, this.codec, payload, options);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  keyValue(bucket: string): Promise<KeyValueStore> {
    if (this.closed) return Promise.reject(busClosedError(bucket));
    try {
      assertBucketName(bucket);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    let store = this.stores.get(bucket);
    if (store === undefined) {
      store = NatsKeyValueStore.open(this.nc, bucket, this.codec);
      this.stores.set(bucket, store);
      store.catch(() => this.stores.delete(bucket));
    }
    return store;
  }

  inbox(): string {
    this.assertOpen();
    return createInbox(this.options.inboxPrefix);
  }

  async flush(): Promise<void> {
    this.assertOpen();
    const timeoutMs = this.options.timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeoutError("NATS flush", timeoutMs));
      }, timeoutMs);
    });
    try {
      await Promise.race([this.nc.flush(), timeout]);
    } catch (error) {
      throw fromNatsError(error, { op: "flush", timeoutMs });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drains (subscriptions deliver what they hold, publishes go out), then closes. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /** @internal Sends a reply for a received message (see {@link Replier}). */
  reply(
    replyTo: string,
    payload: unknown,
    headers: BusHeaders | undefined,
    isError: boolean,
  ): void {
    this.assertOpen(replyTo);
    const codec = this.codec;
    let data: Uint8Array;
    try {
      data = codec.encode(payload);
    } catch (error) {
      if (!isError) throw error;
      // An error whose data cannot be encoded still reaches the requester, without its data.
      const wire = toWireError(payload);
      data = codec.encode({ code: wire.code, message: wire.message, data: {} });
    }
    try {
      this.nc.publish(replyTo, data, this.writer.options(codec, undefined, headers, isError));
    } catch (error) {
      throw fromNatsError(error, { op: "reply", subject: replyTo });
    }
  }

  /** A payload that cannot be delivered: an error reply when the sender waits, else a warning. */
  private refuse(subject: string, replyTo: string | undefined, error: ActorscopeError): void {
    if (replyTo !== undefined && replyTo !== "" && !this.closed) {
      try {
        this.reply(replyTo, toWireError(error), undefined, true);
        return;
      } catch (replyError) {
        getLogger().warn(`Could not send an error reply on "${replyTo}"`, {
          error: replyError instanceof Error ? replyError.message : String(replyError),
        });
      }
    }
    getLogger().warn(`Dropped a message on "${subject}": ${error.message}`, {
      subject,
      code: error.code,
    });
  }

  private async followStatus(): Promise<void> {
    for await (const status of this.nc.status()) this.onStatus(status);
  }

  private onStatus(status: Status): void {
    const type = statusType(status);
    if (type === undefined) return;
    const server = statusServer(status);
    if (type === "disconnect") {
      this.requests.failAll((subject) => lostReplyError(server, subject));
    } else if (type === "reconnect") {
      this.backoff?.reset();
    } else if (type === "error") {
      const error = this.serverError(status);
      this.statusSubject.next({ type, error });
      return;
    }
    this.statusSubject.next(server === undefined ? { type } : { type, server });
  }

  /** An asynchronous server error: told to the request it refused, to `errors$`, or logged. */
  private serverError(status: Status): ActorscopeError {
    const refused = status.permissionContext;
    const error = asyncServerError(status);
    // A refused subscription already errored its observable (nats.js calls it first).
    const told =
      refused !== undefined &&
      (refused.operation === "subscription" || this.requests.failPublish(refused.subject, error));
    this.errorSubject.next(error);
    if (!told && !this.errorSubject.observed) {
      getLogger().warn(error.message, { code: error.code, ...error.data });
    }
    return error;
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    for (const store of this.stores.values()) {
      store.then(
        (s) => {
          s.stopWatches();
        },
        () => undefined,
      );
    }
    await drainWithin(this.nc, this.options.drainTimeoutMs);
    this.requests.failAll((subject) => busClosedError(subject));
    this.end(undefined);
  }

  /** The connection closed by itself (reconnection gave up, credentials revoked). */
  private lost(error: Error | undefined): void {
    if (this.closed) return;
    this.closed = true;
    const reason = new BusError(
      BusErrorCode.BUS_CONNECTION,
      `The connection to NATS at ${this.nc.getServer()} closed${error === undefined ? "" : `: ${error.message}`}.`,
      { cause: error },
    );
    this.requests.failAll(() => reason);
    this.end(reason);
  }

  private end(error: ActorscopeError | undefined): void {
    for (const subscriber of [...this.subscribers]) {
      if (error === undefined) subscriber.complete();
      else subscriber.error(error);
    }
    this.subscribers.clear();
    this.statusSubject.next(error === undefined ? { type: "closed" } : { type: "closed", error });
    this.statusSubject.complete();
    this.errorSubject.complete();
  }

  private assertOpen(subject?: string): void {
    if (this.closed) throw busClosedError(subject);
  }
}
