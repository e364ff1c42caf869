import type { Subscriber } from "rxjs";
import type { z } from "zod";
import { getLogger, parseOrThrow, type WireError } from "../errors/index.js";
import type { BusHeaders, BusMessage } from "./bus.js";
import type { IndexedSubscription } from "./subject-index.js";

/** Sends a reply from a message's `respond`/`respondError` (the bus behind it). */
export type Responder = (
  replyTo: string,
  payload: unknown,
  error: unknown,
  headers: BusHeaders | undefined,
) => void;

/** A marker for "no error": `respondError(undefined)` must still be an error reply. */
export const NO_ERROR: unique symbol = Symbol("no error");

/**
 * One published message on its way to every receiver. Built once per publish; the message
 * object subscribers without a schema see is built on first use and shared (read-only).
 */
export class Delivery {
  private shared: BusMessage | undefined;
  // The last schema's verdict, so subscribers sharing one schema (a hub's participants) parse once.
  private parsedBy: z.ZodType | undefined;
  private parsed: { ok: true; message: BusMessage } | { ok: false; error: unknown } | undefined;

  constructor(
    readonly subject: string,
    readonly data: unknown,
    readonly headers: BusHeaders | undefined,
    readonly replyTo: string | undefined,
    readonly error: WireError | undefined,
    private readonly responder: Responder,
  ) {}

  /** The message as a subscriber without a schema sees it. */
  message(): BusMessage {
    return (this.shared ??= this.build(this.data));
  }

  /** The message with `schema`'s output as data, or the validation error. */
  validated(
    schema: z.ZodType,
    what: string,
  ): { ok: true; message: BusMessage } | { ok: false; error: unknown } {
    if (this.parsedBy === schema && this.parsed !== undefined) return this.parsed;
    let verdict: { ok: true; message: BusMessage } | { ok: false; error: unknown };
    try {
      verdict = { ok: true, message: this.build(parseOrThrow(schema, this.data, what)) };
    } catch (error) {
      verdict = { ok: false, error };
    }
    this.parsedBy = schema;
    this.parsed = verdict;
    return verdict;
  }

  private build(data: unknown): BusMessage {
    const { subject, headers, replyTo, error, responder } = this;
    if (replyTo === undefined) return { subject, data, headers, replyTo, error };
    return {
      subject,
      data,
      headers,
      replyTo,
      error,
      respond: (payload, options) => {
        responder(replyTo, payload, NO_ERROR, options?.headers);
      },
      respondError: (failure, options) => {
        responder(replyTo, undefined, failure, options?.headers);
      },
    };
  }
}

/** A receiver in the subject index. */
export interface DeliveryTarget extends IndexedSubscription {
  /** Set when it unsubscribes: a message already queued for it is then dropped, as in NATS. */
  closed: boolean;
  deliver(delivery: Delivery): void;
  /** The bus is closed. */
  complete(): void;
}

/** A `bus.subscribe` observer: validates on arrival when it has a schema, then emits. */
export class SubscriptionTarget<T> implements DeliveryTarget {
  closed = false;

  constructor(
    readonly queue: string | undefined,
    private readonly subscriber: Subscriber<BusMessage<T>>,
    private readonly schema: z.ZodType<T> | undefined,
    private readonly what: string,
  ) {}

  deliver(delivery: Delivery): void {
    // An error reply has no data to check: it reaches the subscriber as it is.
    if (this.schema === undefined || delivery.error !== undefined) {
      this.subscriber.next(delivery.message() as BusMessage<T>);
      return;
    }
    const verdict = delivery.validated(this.schema, this.what);
    if (verdict.ok) {
      this.subscriber.next(verdict.message as BusMessage<T>);
      return;
    }
    if (delivery.replyTo !== undefined) {
      delivery.message().respondError?.(verdict.error);
      return;
    }
    const error = verdict.error;
    getLogger().warn(
      `Dropped a malformed ${this.what} on "${delivery.subject}": ${error instanceof Error ? error.message : String(error)}`,
      {
        subject: delivery.subject,
        what: this.what,
        issues: issuesOf(error),
      },
    );
  }

  complete(): void {
    this.closed = true;
    this.subscriber.complete();
  }
}

function issuesOf(error: unknown): unknown {
  if (typeof error === "object" && error !== null && "issues" in error) return error.issues;
  return undefined;
}
