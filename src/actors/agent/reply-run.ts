import type { AgentEvent, Msg } from "../../message/index.js";

/** How the machine ends (or pauses) the reply in progress. */
export type RunEnd =
  /** The reply ended with these end events already out; `msg` is its final message. */
  | {
      readonly kind: "exit";
      readonly msg: Msg;
      /** False for interrupted ends: they cannot be swallowed to continue (spec §3.3 step 9). */
      readonly swallowable: boolean;
      /** Raised after the message (ReActConfig.interruptionRaiseCancelledError). */
      readonly raiseAfter?: Error;
    }
  /** The reply parked for confirmations or external results; `msg` says so. */
  | { readonly kind: "park"; readonly msg: Msg }
  /** The reply failed (no REPLY_END), spec §3.3 step 10. */
  | { readonly kind: "fail"; readonly error: unknown };

/** What the machine hands to the reply in progress, in order. */
export type RunItem = { readonly kind: "event"; readonly event: AgentEvent } | RunEnd;

/**
 * One reply call, from the moment it claims the agent (synchronously, before anything is
 * awaited: the check and the claim are one step) until the agent is released. Between the
 * machine (which pushes synchronously, in order) and the call's consumer (which pulls at its own
 * pace) it is a queue; it also carries the flags the agent needs to keep one reply at a time:
 * whether the request was handed to the machine, whether the machine is at rest for it, whether
 * an interrupt is pending, whether the consumer went away.
 */
export class ReplyRun {
  /**
   * @param streamed Whether the consumer takes the events (a stream or an `onReply` chain); a
   *   plain `reply()` only waits for the end, its events going to `events$` directly.
   * @param chained Whether the events reach `events$` through the `onReply` chain (a middleware
   *   may change them) rather than straight from the agent.
   * @param closing Whether this run closes a parked reply (an interrupt): a second interrupt has
   *   nothing more to do.
   */
  constructor(
    streamed: boolean,
    chained: boolean,
    readonly closing: boolean,
  ) {
    this.#streamed = streamed;
    this.#chained = chained;
  }

  #streamed: boolean;
  #chained: boolean;
  /** The request was handed to the machine. */
  started = false;
  /** An interrupt arrived for this run; it reaches the machine as soon as the run has started. */
  interruptRequested = false;
  /** The machine came to rest for this run (it pushed an end) and was not sent on since. */
  atRest = false;
  /** A step of the reply failed (an action threw): the run ends with this error. */
  failure: { readonly error: unknown } | null = null;
  /** The consumer stopped early: the run ends without it (events go to `events$` directly). */
  abandoned = false;
  /** Set by the outer driver when a REPLY_END came out of the `onReply` chain. */
  receivedReplyEnd = false;
  /** Set once the consumer has taken the run's last item. */
  done = false;
  /** The agent let go of this run: another may claim it. */
  released = false;
  /** The session save of the run's end (park, end or failure); null without a session. */
  saved: Promise<number> | null = null;
  readonly #items: RunItem[] = [];
  #head = 0;
  #wake: (() => void) | null = null;
  #onRelease: (() => void) | null = null;

  /** Whether the events reach `events$` through the `onReply` chain. */
  get chained(): boolean {
    return this.#chained;
  }

  /** Queues an event for the consumer (a plain `reply()` takes none). */
  emit(event: AgentEvent): void {
    if (this.#streamed) this.#push({ kind: "event", event });
  }

  /** Queues the machine's end of the run; the machine is now at rest for it. */
  end(item: RunEnd): void {
    this.atRest = true;
    this.#push(item);
  }

  /** The run is handed to the machine again (a new reply, a resume, a continue). */
  resume(): void {
    this.atRest = false;
  }

  /** The consumer is gone: events go straight to `events$`, nothing more is queued for it. */
  abandon(): void {
    this.abandoned = true;
    this.#streamed = false;
    this.#chained = false;
    this.#items.length = 0;
    this.#head = 0;
  }

  /** Marks the run released and wakes whoever waits for that. */
  release(): void {
    this.released = true;
    const wake = this.#onRelease;
    this.#onRelease = null;
    wake?.();
  }

  /** Resolves once the run is released (one waiter: the consumer that abandoned it). */
  whenReleased(): Promise<void> {
    if (this.released) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.#onRelease = resolve;
    });
  }

  /** The next item, waiting for the machine when none is queued. */
  async next(): Promise<RunItem> {
    while (this.#head >= this.#items.length) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    const item = this.#items[this.#head] as RunItem;
    this.#items[this.#head++] = undefined as unknown as RunItem; // let it be collected
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items.splice(0, this.#head);
      this.#head = 0;
    }
    return item;
  }

  #push(item: RunItem): void {
    this.#items.push(item);
    const wake = this.#wake;
    if (wake !== null) {
      this.#wake = null;
      wake();
    }
  }
}
