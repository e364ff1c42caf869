import type { BusMessage } from "../../bus/index.js";
import { SEQ_HEADER } from "./seq-header.js";

/** How long a caller waits, and what it does when a wait runs out. */
export interface FrameWatchOptions {
  /** How long the server may take to send its first frame (`accepted`). */
  readonly timeoutMs: number;
  /** Heartbeat intervals without any frame after which the server is taken for lost. */
  readonly missedHeartbeats: number;
  /** No first frame came within `timeoutMs`. */
  readonly onTimeout: () => void;
  /** No frame came for `missedHeartbeats` intervals after `accepted`. */
  readonly onLost: (heartbeatMs: number, windowMs: number) => void;
}

/** What {@link FrameWatch.check} made of one message on a call's inbox. */
export type FrameVerdict =
  /** The next frame (or a transport's own error, which is not numbered): take it. */
  | "next"
  /** Neither numbered nor an error: not from the server; drop it. */
  | "unnumbered"
  /** A frame went missing: `expected` never came, `received` came instead. */
  | { readonly expected: number; readonly received: string };

/**
 * The caller's side of a framed answer (agents' commands, tool calls): a server answers on the
 * caller's inbox with frames numbered in the `as-seq` header (0, 1, 2, …), the first of them
 * `accepted` with the server's heartbeat interval, then heartbeats while the work is not over,
 * then one end. This watch holds the bounded waits and the numbering: the first frame must come
 * within `timeoutMs`; after `accepted`, some frame must come in every window of
 * `missedHeartbeats` intervals; and frames must come in order, so a lost frame is told from a
 * slow server. What a frame means is the caller's business.
 */
export class FrameWatch {
  readonly #options: FrameWatchOptions;
  #expected = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #framesInWindow = 0;
  #lastCheck = 0;

  constructor(options: FrameWatchOptions) {
    this.#options = options;
  }

  /** Starts the wait for the first frame. */
  begin(): void {
    this.#clear();
    this.#timer = setTimeout(this.#options.onTimeout, this.#options.timeoutMs);
  }

  /** Checks one message's number; a message taken (`"next"`) counts as a sign of life. */
  check(message: BusMessage): FrameVerdict {
    const seq = message.headers?.[SEQ_HEADER];
    if (seq === undefined) {
      // Only a transport's own error (such as "no responders") comes unnumbered.
      return message.error === undefined ? "unnumbered" : "next";
    }
    if (Number(seq) !== this.#expected) return { expected: this.#expected, received: seq };
    this.#expected++;
    this.#framesInWindow++;
    return "next";
  }

  /**
   * `accepted` came: from now on, checks once per `missedHeartbeats` intervals that a frame came.
   * A check that runs late (this process was blocked) only starts a new window: the frames may
   * be waiting to be read.
   */
  accepted(heartbeatMs: number): void {
    this.#clear();
    const windowMs = heartbeatMs * this.#options.missedHeartbeats;
    this.#lastCheck = performance.now();
    this.#framesInWindow = 0;
    this.#timer = setInterval(() => {
      const at = performance.now();
      const late = at - this.#lastCheck > windowMs * 1.5;
      this.#lastCheck = at;
      if (this.#framesInWindow === 0 && !late) this.#options.onLost(heartbeatMs, windowMs);
      this.#framesInWindow = 0;
    }, windowMs);
  }

  /** Ends every wait (the answer ended, or the call failed). */
  stop(): void {
    this.#clear();
  }

  #clear(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
