import type { Observable, Subscription } from "rxjs";
import type { Bus, BusStatus } from "../../bus/index.js";
import { CallInbox } from "./call-inbox.js";
import type { ResolvedRemoteOptions } from "./remote-tools-options.js";
import { WorkerPool } from "./worker-pool.js";

/** A call in flight, as the connection watch sees it. */
export interface InFlightCall {
  /** The bus lost its connection. */
  disconnected(): void;
}

/** A bus that reports its connection (NatsBus). */
interface StatusReportingBus {
  readonly status$: Observable<BusStatus>;
}

function reportsStatus(bus: Bus): bus is Bus & StatusReportingBus {
  const status = (bus as Partial<StatusReportingBus>).status$;
  return typeof status === "object" && status !== null && "subscribe" in status;
}

/**
 * What the remote tools of one source share: the bus, the options, the workers they know
 * (`WorkerPool`), one reply inbox for all their calls, and one watch on the connection that
 * ends every call in flight when the bus loses it (core NATS keeps nothing for a disconnected
 * client: frames may be lost, and nothing would tell which).
 */
export class RemoteToolClient {
  readonly bus: Bus;
  readonly options: ResolvedRemoteOptions;
  readonly subjects: ResolvedRemoteOptions["subjects"];
  readonly pool = new WorkerPool();
  readonly inbox: CallInbox;
  readonly #calls = new Set<InFlightCall>();
  #status: Subscription | null = null;

  constructor(bus: Bus, options: ResolvedRemoteOptions) {
    this.bus = bus;
    this.options = options;
    this.subjects = options.subjects;
    this.inbox = new CallInbox(bus);
  }

  /** Calls in flight now. */
  get inFlight(): number {
    return this.#calls.size;
  }

  /** A call started. */
  track(call: InFlightCall): void {
    this.#calls.add(call);
    if (this.#status === null && reportsStatus(this.bus)) {
      this.#status = this.bus.status$.subscribe((status) => {
        if (status.type !== "disconnect") return;
        for (const each of [...this.#calls]) each.disconnected();
      });
    }
  }

  /** A call ended. */
  untrack(call: InFlightCall): void {
    this.#calls.delete(call);
  }

  /** Stops the connection watch and the inbox (calls still open end with an error chunk). */
  close(): void {
    this.#status?.unsubscribe();
    this.#status = null;
    this.inbox.close();
  }
}
