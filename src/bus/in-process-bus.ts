import { Observable } from "rxjs";
import { getLogger, toWireError, type WireError } from "../errors/index.js";
import { busClosedError } from "./bus-error.js";
import type {
  Bus,
  BusHeaders,
  BusMessage,
  KeyValueStore,
  PublishOptions,
  RequestOptions,
  SubscribeOptions,
} from "./bus.js";
import type { Codec } from "./codec.js";
import { DeliveryQueue } from "./delivery-queue.js";
import {
  Delivery,
  NO_ERROR,
  SubscriptionTarget,
  type DeliveryTarget,
} from "./in-process-delivery.js";
import { InProcessKeyValueStore } from "./in-process-kv.js";
import { assertBucketName } from "./kv-names.js";
import { NO_RESPONDERS_WIRE, noRespondersError } from "./no-responders.js";
import { payloadCopy, type PayloadCopy } from "./payload-copy.js";
import { RequestWaiter } from "./request-waiter.js";
import { assertPublishSubject, assertQueueName } from "./subject-check.js";
import { SubjectIndex } from "./subject-index.js";
import { assertSubject } from "./subjects.js";

/** Options of {@link InProcessBus}. */
export interface InProcessBusOptions {
  /**
   * How payloads are copied once per publish so subscribers see plain data, as on NATS: the
   * shapes of a codec round trip (default `msgpackCodec`, copied without encoding; see
   * `msgpackShapedCopy`), or `"none"` to pass references unchanged (fastest, for trusted
   * simulations; subscribers then share the publisher's objects).
   */
  readonly codec?: Codec | "none";
}

/**
 * The in-process {@link Bus}: NATS semantics in one process, the embedded default. Delivery is
 * asynchronous and FIFO for the whole bus (so each publisher's messages arrive in its order);
 * subscribers of one publish share one decoded value, which is read-only.
 *
 * @example
 * const bus = new InProcessBus();
 * bus.subscribe("as.echo").subscribe((m) => m.respond?.(m.data));
 * await bus.request("as.echo", { hello: 1 }, { timeoutMs: 1_000 }); // { hello: 1 }
 */
export class InProcessBus implements Bus {
  private readonly index = new SubjectIndex<DeliveryTarget>();
  private readonly report = (error: unknown): void => {
    getLogger().error(
      `A bus subscriber failed: ${error instanceof Error ? error.message : String(error)}`,
      { error: toWireError(error) },
    );
  };
  private readonly queue = new DeliveryQueue(this.report);
  private readonly copy: PayloadCopy;
  private readonly targets = new Set<DeliveryTarget>();
  private readonly pending = new Set<RequestWaiter>();
  private readonly buckets = new Map<string, InProcessKeyValueStore>();
  private readonly inboxPrefix = `_INBOX.${Math.random().toString(36).slice(2, 12) || "0"}.`;
  private inboxCount = 0;
  /** open → draining (close() called; queued messages and their replies still flow) → closed. */
  private phase: "open" | "draining" | "closed" = "open";
  private closing: Promise<void> | undefined;
  private readonly respond = (
    replyTo: string,
    payload: unknown,
    error: unknown,
    headers: BusHeaders | undefined,
  ): void => {
    this.sendReply(replyTo, payload, error, headers);
  };

  constructor(options: InProcessBusOptions = {}) {
    this.copy = payloadCopy(options.codec);
  }

  get isClosed(): boolean {
    return this.phase !== "open";
  }

  /** Live subscriptions, request inboxes included (for leak checks and diagnostics). */
  get subscriptionCount(): number {
    return this.targets.size + this.pending.size;
  }

  publish(subject: string, payload: unknown, options?: PublishOptions): void {
    this.assertOpen(subject);
    assertPublishSubject(subject);
    const replyTo = options?.replyTo;
    if (replyTo !== undefined) assertPublishSubject(replyTo);
    const receivers = this.send(subject, payload, replyTo, options?.headers, undefined);
    // As nats-server does: whoever listens on the reply subject learns nobody will answer.
    if (receivers === 0 && replyTo !== undefined) {
      this.send(replyTo, undefined, undefined, undefined, NO_RESPONDERS_WIRE);
    }
  }

  subscribe<T = unknown>(
    subject: string,
    options: SubscribeOptions<T> = {},
  ): Observable<BusMessage<T>> {
    assertSubject(subject, { wildcards: true });
    const { queue, schema } = options;
    if (queue !== undefined) assertQueueName(queue);
    const what = options.what ?? "message";
    return new Observable<BusMessage<T>>((subscriber) => {
      if (this.phase !== "open") {
        subscriber.error(busClosedError(subject));
        return;
      }
      const target = new SubscriptionTarget<T>(queue, subscriber, schema, what);
      this.index.add(subject, target);
      this.targets.add(target);
      return () => {
        target.closed = true;
        this.index.remove(subject, target);
        this.targets.delete(target);
      };
    });
  }

  async request<T = unknown>(
    subject: string,
    payload: unknown,
    options: RequestOptions<T>,
  ): Promise<T> {
    this.assertOpen(subject);
    assertPublishSubject(subject);
    const inbox = this.nextInbox();
    const target: DeliveryTarget = {
      queue: undefined,
      closed: false,
      deliver: (delivery) => {
        waiter.reply(delivery);
      },
      complete: () => undefined,
    };
    const waiter: RequestWaiter<T> = new RequestWaiter<T>(subject, options, () => {
      this.pending.delete(waiter as RequestWaiter);
      target.closed = true;
      this.index.remove(inbox, target);
    });
    if (waiter.isSettled) return waiter.promise;
    this.index.add(inbox, target);
    this.pending.add(waiter as RequestWaiter);
    try {
      const receivers = this.send(subject, payload, inbox, options.headers, undefined);
      if (receivers === 0) {
        waiter.fail(noRespondersError(subject));
      }
    } catch (error) {
      waiter.fail(error);
    }
    return waiter.promise;
  }

  keyValue(bucket: string): Promise<KeyValueStore> {
    return new Promise((resolve) => {
      resolve(this.openBucket(bucket));
    });
  }

  private openBucket(bucket: string): KeyValueStore {
    this.assertOpen(bucket);
    assertBucketName(bucket);
    let store = this.buckets.get(bucket);
    if (store === undefined) {
      store = new InProcessKeyValueStore(bucket, {
        copy: this.copy,
        enqueue: (work) => {
          this.queue.push(work);
        },
        isClosed: () => this.phase !== "open",
        closedError: () => busClosedError(bucket),
      });
      this.buckets.set(bucket, store);
    }
    return store;
  }

  inbox(): string {
    this.assertOpen();
    return this.nextInbox();
  }

  flush(): Promise<void> {
    if (this.phase !== "open") return Promise.reject(busClosedError());
    return this.queue.settled();
  }

  close(): Promise<void> {
    return (this.closing ??= this.shutdown());
  }

  private async shutdown(): Promise<void> {
    this.phase = "draining";
    // Replies sent while draining are queued behind; keep going until nothing is left.
    while (this.queue.size > 0) await this.queue.settled();
    this.phase = "closed";
    for (const waiter of [...this.pending]) waiter.fail(busClosedError(waiter.subject));
    for (const target of [...this.targets]) target.complete();
    this.targets.clear();
    for (const store of this.buckets.values()) store.close();
  }

  /**
   * Queues one message for everyone `subject` matches now (one member per queue group, chosen
   * round-robin) and returns how many receivers that is. The payload is copied once, and only
   * when somebody receives it.
   */
  private send(
    subject: string,
    payload: unknown,
    replyTo: string | undefined,
    headers: BusHeaders | undefined,
    error: WireError | undefined,
  ): number {
    const match = this.index.match(subject);
    const { plain, groups } = match;
    const count = plain.length + groups.length;
    if (count === 0) return 0;
    let targets: readonly DeliveryTarget[] = plain;
    if (groups.length > 0) {
      const chosen = plain.slice();
      for (const group of groups) {
        const members = group.members;
        const member = members[group.next++ % members.length];
        if (member !== undefined) chosen.push(member);
      }
      targets = chosen;
    }
    this.queue.push(
      new Delivery(
        subject,
        error === undefined ? this.copy(payload) : undefined,
        headers === undefined ? undefined : { ...headers },
        replyTo,
        error,
        this.respond,
        targets,
        this.report,
      ),
    );
    return count;
  }

  /** `respond`/`respondError`: allowed while draining, so queued requests still get answers. */
  private sendReply(
    replyTo: string,
    payload: unknown,
    error: unknown,
    headers: BusHeaders | undefined,
  ): void {
    if (this.phase === "closed") {
      getLogger().warn(`Dropped a reply to "${replyTo}": the bus is closed.`, { subject: replyTo });
      return;
    }
    if (error === NO_ERROR) {
      this.send(replyTo, payload, undefined, headers, undefined);
      return;
    }
    this.send(replyTo, undefined, undefined, headers, this.wireError(error));
  }

  /** The error's wire form, copied like a payload (its data may hold the sender's objects). */
  private wireError(error: unknown): WireError {
    const wire = toWireError(error);
    try {
      return this.copy(wire) as WireError;
    } catch (copyError) {
      getLogger().warn(`An error reply's data could not be encoded; it is sent without data.`, {
        code: wire.code,
        reason: copyError instanceof Error ? copyError.message : String(copyError),
      });
      return { code: wire.code, message: wire.message, data: {} };
    }
  }

  private nextInbox(): string {
    return `${this.inboxPrefix}${(++this.inboxCount).toString(36)}`;
  }

  private assertOpen(subject?: string): void {
    if (this.phase !== "open") throw busClosedError(subject);
  }
}
