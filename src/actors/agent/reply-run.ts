import type { AgentEvent, Msg } from "../../message/index.js";

/** What the machine hands to the reply in progress, in order. */
export type RunItem =
  | { readonly kind: "event"; readonly event: AgentEvent }
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

/**
 * The queue between the machine (which pushes synchronously, in order) and the reply's consumer
 * (which pulls at its own pace). One per reply call.
 */
export class ReplyRun {
  /**
   * @param streamed Whether the consumer takes the events (a stream or an `onReply` chain); a
   *   plain `reply()` only waits for the end, its events going to `events$` directly.
   */
  constructor(readonly streamed: boolean) {}

  /** Set by the outer driver when a REPLY_END came out of the `onReply` chain. */
  receivedReplyEnd = false;
  /** Set once the consumer has taken the run's last item. */
  done = false;
  readonly #items: RunItem[] = [];
  #head = 0;
  #wake: (() => void) | null = null;

  push(item: RunItem): void {
    this.#items.push(item);
    const wake = this.#wake;
    if (wake !== null) {
      this.#wake = null;
      wake();
    }
  }

  emit(event: AgentEvent): void {
    if (this.streamed) this.push({ kind: "event", event });
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
}
