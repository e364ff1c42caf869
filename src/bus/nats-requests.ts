import { createInbox, type NatsConnection, type Subscription } from "nats";
import { ActorscopeError } from "../errors/index.js";
import type { RequestOptions } from "./bus.js";
import { BusError, BusErrorCode } from "./bus-error.js";
import type { Codec } from "./codec.js";
import { fromNatsError } from "./nats-errors.js";
import { readMessage, type Replier } from "./nats-message.js";
import type { WireReader, WireWriter } from "./nats-wire.js";
import { NO_RESPONDERS_WIRE, noRespondersError } from "./no-responders.js";
import { RequestWaiter } from "./request-waiter.js";

/**
 * Request/reply over one shared reply subscription (`<inbox>.*`, one token per request), like
 * nats.js's own "mux" but with what the bus contract needs and nats.js's lacks: replies decoded
 * by the codec their header names, and requests that end at once with `BUS_CONNECTION` when the
 * connection drops (nats.js would let them run to their timeout: a reply sent while we are
 * disconnected is lost, so there is nothing to wait for). The wait itself (bounds, abort,
 * schema, settling once) is the {@link RequestWaiter} the in-process bus uses too, so both
 * transports refuse and end requests alike. Never retried.
 */
export class NatsRequests {
  private prefix = "";
  private sub: Subscription | undefined;
  private readonly pending = new Map<string, RequestWaiter>();
  private counter = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly inboxPrefix: string | undefined,
    private readonly reader: WireReader,
    private readonly writer: WireWriter,
    private readonly replier: Replier,
  ) {}

  /** Encodes `payload` with `codec`, publishes it and waits for the first reply. */
  request<T>(
    subject: string,
    codec: Codec,
    payload: unknown,
    options: RequestOptions<T>,
  ): Promise<T> {
    const token = (++this.counter).toString(36);
    const waiter = new RequestWaiter<T>(subject, options, () => {
      this.pending.delete(token);
    });
    // Refused options or an already-fired signal: settled, nothing to set up.
    if (waiter.isSettled) return waiter.promise;
    this.pending.set(token, waiter as RequestWaiter);
    try {
      const data = codec.encode(payload);
      // Opened on the first request, not at connect: a user allowed no reply subjects can still publish.
      this.sub ??= this.openMux();
      const opts = this.writer.options(codec, `${this.prefix}.${token}`, options.headers, false);
      this.nc.publish(subject, data, opts);
    } catch (error) {
      waiter.fail(fromNatsError(error, { op: "request", subject }));
    }
    return waiter.promise;
  }

  /** Ends every waiting request with `error` (the connection dropped, the bus closed). */
  failAll(error: (subject: string) => ActorscopeError): void {
    for (const waiter of [...this.pending.values()]) waiter.fail(error(waiter.subject));
  }

  /**
   * The server refused a publish to `subject`: the requests sent there end with the permission
   * error. True when there was one (someone was told).
   */
  failPublish(subject: string, error: ActorscopeError): boolean {
    let told = false;
    for (const waiter of [...this.pending.values()]) {
      if (waiter.subject !== subject) continue;
      waiter.fail(error);
      told = true;
    }
    return told;
  }

  /** How many requests wait for a reply. */
  get size(): number {
    return this.pending.size;
  }

  private openMux(): Subscription {
    const prefix = createInbox(this.inboxPrefix);
    const sub = this.nc.subscribe(`${prefix}.*`, {
      callback: (error, msg) => {
        if (error !== null) {
          // The server refused our reply subscription: nothing can come back to anyone waiting.
          this.sub = undefined;
          this.failAll((subject) => {
            const refused = fromNatsError(error, { op: "subscribe", subject: `${prefix}.*` });
            return new BusError(
              BusErrorCode.BUS_PERMISSION,
              `${refused.message} (replies to the request on "${subject}" cannot arrive; allow subscribing to the inbox prefix, or set inboxPrefix)`,
              { subject, cause: error },
            );
          });
          return;
        }
        const waiter = this.pending.get(msg.subject.slice(prefix.length + 1));
        if (waiter === undefined) return; // a late reply (timed out, aborted) or a second one
        const read = readMessage(msg, { reader: this.reader, replier: this.replier });
        if (read instanceof ActorscopeError) waiter.fail(read);
        // The server's 503 status: the request reached nobody.
        else if (read.error === NO_RESPONDERS_WIRE) waiter.fail(noRespondersError(waiter.subject));
        else waiter.reply(read);
      },
    });
    this.prefix = prefix;
    return sub;
  }
}
