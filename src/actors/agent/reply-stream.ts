import type { AgentEvent } from "../../message/index.js";

const DONE: IteratorReturnResult<void> = { done: true, value: undefined };

/** A promise rejected with `error`, whatever it is (a caller's `throw(…)` may pass anything). */
function rejected(error: unknown): Promise<never> {
  return new Promise<never>(() => {
    throw error;
  });
}

/** How a stream gets its turn: its events now, or a wait in the agent's queue. */
export type StreamTurn<T = AgentEvent> =
  | { readonly kind: "now"; readonly events: AsyncGenerator<T, void, undefined> }
  | {
      readonly kind: "queued";
      /** Resolves with the events once its turn comes (null: nothing to do). */
      readonly turn: Promise<AsyncGenerator<T, void, undefined> | null>;
      /** Leaves the queue (or lets go of a turn just granted). */
      readonly cancel: () => void;
    };

/**
 * `agent.replyStream(…)`: takes its turn when iteration starts, yields nothing while it waits in
 * the agent's queue, and can be stopped while it waits — a native async generator could not:
 * its `return()` would wait behind the pending `next()` until the turn came and the reply ran.
 * Once its turn has come it is a thin pass-through to the reply's events (no per-event work).
 */
export class ReplyStream<T = AgentEvent> implements AsyncGenerator<T, void, undefined> {
  readonly #open: () => StreamTurn<T>;
  #events: AsyncGenerator<T, void, undefined> | null = null;
  /** The first item, once the turn comes (while the stream waits in the queue). */
  #waiting: Promise<IteratorResult<T, void>> | null = null;
  #cancel: (() => void) | null = null;
  #done = false;

  constructor(open: () => StreamTurn<T>) {
    this.#open = open;
  }

  next(): Promise<IteratorResult<T, void>> {
    if (this.#events !== null) return this.#events.next();
    if (this.#done) return Promise.resolve(DONE);
    if (this.#waiting !== null) return this.#waiting.then(() => this.next());
    let turn: StreamTurn<T>;
    try {
      turn = this.#open();
    } catch (error) {
      this.#done = true;
      return rejected(error);
    }
    if (turn.kind === "now") {
      this.#events = turn.events;
      return turn.events.next();
    }
    this.#cancel = turn.cancel;
    this.#waiting = turn.turn.then(
      (events) => {
        this.#cancel = null;
        if (this.#done || events === null) {
          this.#done = true;
          return DONE;
        }
        // Started in the same step as the turn is taken: its claim is released by its own end.
        this.#events = events;
        return events.next();
      },
      (error: unknown) => {
        this.#done = true;
        throw error;
      },
    );
    return this.#waiting;
  }

  return(): Promise<IteratorResult<T, void>> {
    if (this.#events !== null) return this.#events.return(undefined);
    this.#stopWaiting();
    return Promise.resolve(DONE);
  }

  throw(error: unknown): Promise<IteratorResult<T, void>> {
    if (this.#events !== null) return this.#events.throw(error);
    this.#stopWaiting();
    return rejected(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Stopped before its turn: it leaves the queue, no work is done. */
  #stopWaiting(): void {
    this.#done = true;
    const cancel = this.#cancel;
    this.#cancel = null;
    cancel?.();
  }
}

/** The events of a call with nothing to do. */
export async function* noEvents(): AsyncGenerator<never, void, undefined> {}
