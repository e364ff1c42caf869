import type { Subscription } from "rxjs";
import { BusError, BusErrorCode, type Bus, type BusMessage } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import { readToolFrame } from "../tool-protocol/read-tool-frame.js";
import type { ToolFrame } from "../tool-protocol/tool-frame.js";

/** Where one call's frames go. */
export interface CallRoute {
  /** One message: its validated frame, or (for an error reply) `undefined`. */
  take(message: BusMessage, frame: ToolFrame | undefined): void;
  /** The inbox can deliver nothing more (the bus closed, or the subscription failed). */
  end(error: unknown): void;
}

/**
 * One reply subscription for every call of a caller: `<inbox>.*`, each call answered on
 * `<inbox>.<n>`. A subscription per call would cost the server a subscribe and an unsubscribe
 * per call; this costs one, made at the first call. Frames are validated once, on arrival.
 */
export class CallInbox {
  readonly #bus: Bus;
  readonly #routes = new Map<string, CallRoute>();
  #prefix = "";
  #subscription: Subscription | null = null;
  #next = 0;

  constructor(bus: Bus) {
    this.#bus = bus;
  }

  /** A reply subject for one call, routed to `route` until `close`. */
  open(route: CallRoute): { readonly replyTo: string; close(): void } {
    if (this.#subscription === null) this.#subscribe();
    const token = (this.#next++).toString(36);
    this.#routes.set(token, route);
    return {
      replyTo: `${this.#prefix}.${token}`,
      close: () => {
        this.#routes.delete(token);
      },
    };
  }

  /** Stops listening; calls still open end with `BUS_CLOSED`. */
  close(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#endAll(
      new BusError(BusErrorCode.BUS_CLOSED, "The remote tools' reply inbox was closed."),
    );
  }

  #subscribe(): void {
    const prefix = this.#bus.inbox();
    this.#prefix = prefix;
    const start = prefix.length + 1;
    const ended = (error: unknown): void => {
      this.#subscription = null;
      this.#endAll(error);
    };
    this.#subscription = this.#bus.subscribe(`${prefix}.*`).subscribe({
      next: (message) => {
        const route = this.#routes.get(message.subject.slice(start));
        if (route === undefined) return;
        if (message.error !== undefined) {
          route.take(message, undefined);
          return;
        }
        const frame = readToolFrame(message.data);
        if (frame instanceof Error) {
          // As the bus drops a payload its schema refuses: a warning, and the call's frame
          // numbering tells the caller a frame is missing.
          getLogger().warn(`Dropped a message on "${message.subject}": ${frame.message}`);
          return;
        }
        route.take(message, frame);
      },
      error: ended,
      complete: () => {
        ended(new BusError(BusErrorCode.BUS_CLOSED, "The bus closed during a remote tool call."));
      },
    });
  }

  #endAll(error: unknown): void {
    const routes = [...this.#routes.values()];
    this.#routes.clear();
    for (const route of routes) route.end(error);
  }
}
