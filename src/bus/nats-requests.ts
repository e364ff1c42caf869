import { createInbox, type NatsConnection, type Subscription } from "nats";
import { AbortedError, ActorscopeError, TimeoutError, errorFromWire } from "../errors/index.js";
import type { RequestOptions } from "./bus.js";
import { BusError, BusErrorCode } from "./bus-error.js";
import { fromNatsError } from "./nats-errors.js";
import { readMessage, type Replier } from "./nats-message.js";
import type { WireReader, WireWriter } from "./nats-wire.js";

interface Pending {
  readonly subject: string;
  readonly options: RequestOptions;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: ActorscopeError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * Request/reply over one shared reply subscription (`<inbox>.*`, one token per request), like
 * nats.js's own "mux" but with what the bus contract needs and nats.js's lacks: an AbortSignal,
 * typed errors, replies decoded by the codec their header names, and requests that end at once
 * with `BUS_CONNECTION` when the connection drops (nats.js would let them run to their timeout:
 * a reply sent while we are disconnected is lost, so there is nothing to wait for). Never retried.
 */
export class NatsRequests {
  private prefix = "";
  private sub: Subscription | undefined;
  private readonly pending = new Map<string, Pending>();
  private counter = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly inboxPrefix: string | undefined,
    private readonly reader: WireReader,
    private readonly writer: WireWriter,
    private readonly replier: Replier,
  ) {}

  /** Publishes `data` (already encoded) and waits for the first reply. */
  request<T>(subject: string, data: Uint8Array, options: RequestOptions<T>): Promise<T> {
    const { signal, timeoutMs } = options;
    if (signal?.aborted === true) {
      return Promise.reject(new AbortedError(`bus request ${subject}`, { cause: signal.reason }));
    }
    // Opened on the first request, not at connect: a user allowed no reply subjects can still publish.
    this.sub ??= this.openMux();
    const token = (++this.counter).toString(36);
    return new Promise<T>((resolve, reject) => {
      const p: Pending = {
        subject,
        options,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        onAbort: undefined,
      };
      this.pending.set(token, p);
      p.timer = setTimeout(() => {
        this.fail(token, new TimeoutError(`bus request ${subject}`, timeoutMs));
      }, timeoutMs);
      if (signal !== undefined) {
        p.onAbort = () => {
          this.fail(token, new AbortedError(`bus request ${subject}`, { cause: signal.reason }));
        };
        signal.addEventListener("abort", p.onAbort, { once: true });
      }
      try {
        const opts = this.writer.options(`${this.prefix}.${token}`, options.headers, false);
        this.nc.publish(subject, data, opts);
      } catch (error) {
        this.fail(token, fromNatsError(error, { op: "request", subject }));
      }
    });
  }

  /** Ends every waiting request with `error` (the connection dropped, the bus closed). */
  failAll(error: (subject: string) => ActorscopeError): void {
    for (const token of [...this.pending.keys()]) {
      const p = this.pending.get(token);
      if (p !== undefined) this.fail(token, error(p.subject));
    }
  }

  /**
   * The server refused a publish to `subject`: the requests sent there end with the permission
   * error. True when there was one (someone was told).
   */
  failPublish(subject: string, error: ActorscopeError): boolean {
    let told = false;
    for (const [token, p] of [...this.pending]) {
      if (p.subject !== subject) continue;
      this.fail(token, error);
      told = true;
    }
    return told;
  }

  /** How many requests wait for a reply. */
  get size(): number {
    return this.pending.size;
  }

  private openMux(): Subscription {
    this.prefix = createInbox(this.inboxPrefix);
    return this.nc.subscribe(`${this.prefix}.*`, {
      callback: (error, msg) => {
        if (error !== null) {
          // The server refused our reply subscription: nothing can come back to anyone waiting.
          this.sub = undefined;
          this.failAll((subject) => {
            const refused = fromNatsError(error, { op: "subscribe", subject: `${this.prefix}.*` });
            return new BusError(
              BusErrorCode.BUS_PERMISSION,
              `${refused.message} (replies to the request on "${subject}" cannot arrive; allow subscribing to the inbox prefix, or set inboxPrefix)`,
              { subject, cause: error },
            );
          });
          return;
        }
        const token = msg.subject.slice(this.prefix.length + 1);
        const p = this.pending.get(token);
        if (p === undefined) return; // a late reply (timed out, aborted) or a second one
        const read = readMessage(msg, {
          reader: this.reader,
          replier: this.replier,
          schema: p.options.schema,
          what: `reply from "${p.subject}"`,
        });
        if (read instanceof ActorscopeError) {
          this.fail(token, read);
        } else if (read.error !== undefined) {
          this.fail(token, this.remoteError(p.subject, read.error));
        } else {
          this.settle(token, p);
          p.resolve(read.data);
        }
      },
    });
  }

  private remoteError(subject: string, wire: Parameters<typeof errorFromWire>[0]): ActorscopeError {
    const error = errorFromWire(wire);
    if (error.code === BusErrorCode.NO_RESPONDERS && !(error instanceof BusError)) {
      return new BusError(BusErrorCode.NO_RESPONDERS, `No one serves "${subject}".`, { subject });
    }
    return error;
  }

  private fail(token: string, error: ActorscopeError): void {
    const p = this.pending.get(token);
    if (p === undefined) return;
    this.settle(token, p);
    p.reject(error);
  }

  private settle(token: string, p: Pending): void {
    this.pending.delete(token);
    if (p.timer !== undefined) clearTimeout(p.timer);
    if (p.onAbort !== undefined) p.options.signal?.removeEventListener("abort", p.onAbort);
  }
}
