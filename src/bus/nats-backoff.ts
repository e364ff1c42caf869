import type { NatsReconnectOptions } from "./nats-options.js";

/**
 * The wait before the next reconnect attempt: exponential backoff with jitter, for nats.js's
 * `reconnectDelayHandler`.
 *
 * nats.js asks the handler on every turn of its dial loop (once to decide whether to dial, again
 * after each pause) and dials when `lastAttempt + wait <= now`, so a per-call counter would double
 * on every question, and a wait that grows continuously with time would never be reached. The
 * wait is therefore a step function of the time since the connection was lost: `initialDelayMs`
 * doubled once per elapsed doubling, capped at `maxDelayMs`, and stretched by a jitter fraction
 * drawn once per step (so it is stable while nats.js waits on it). The gaps between attempts grow
 * about 1×, 2×, 4×… `initialDelayMs`; jitter is at most 0.5, which keeps every step reachable.
 */
export class ReconnectBackoff {
  private since: number | undefined;
  private step = -1;
  private stretch = 1;

  constructor(
    private readonly options: NatsReconnectOptions,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay in ms nats.js waits before its next attempt. */
  readonly delay = (): number => {
    const now = this.now();
    this.since ??= now;
    const { initialDelayMs, maxDelayMs, jitter } = this.options;
    const elapsed = Math.max(1, (now - this.since) / initialDelayMs);
    const step = Math.floor(Math.log2(elapsed));
    if (step !== this.step) {
      this.step = step;
      this.stretch = 1 + Math.min(jitter, 0.5) * this.random();
    }
    const base = Math.min(maxDelayMs, initialDelayMs * 2 ** step);
    return Math.round(base * this.stretch);
  };

  /** The connection is back: the next loss starts again from `initialDelayMs`. */
  reset(): void {
    this.since = undefined;
    this.step = -1;
  }
}
