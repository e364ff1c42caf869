import { fromCallback, type CallbackActorLogic, type EventObject } from "xstate";

/** What a work actor reports to the state that invoked it. */
export type WorkEvent =
  { type: "WORK_DONE"; output: unknown } | { type: "WORK_FAILED"; error: unknown };

/** What a piece of work gets besides its input. */
export interface WorkScope {
  /**
   * Aborted when the machine leaves the invoking state (or stops) before the work ends. Created
   * on first read: work that follows another signal pays nothing for it.
   */
  readonly signal: AbortSignal;
  /**
   * True once the machine stopped waiting for this work (its state was left, or the machine
   * stopped) before it ended: whatever it produces from then on is late and must be dropped (its
   * output already is). A plain flag: reading it costs nothing, so work checks it per event.
   */
  readonly stopped: boolean;
}

/** Options of {@link fromWork}. */
export interface WorkOptions<I = unknown> {
  /** Called with the work's input when the invoking state is left (or the machine stops) before the work ended. */
  onStop?: (input: I) => void;
}

/**
 * An invoked piece of work: runs `run(input, scope)` and reports `WORK_DONE` with its output, or
 * `WORK_FAILED` with its error, to the invoking state. Leaving the state before the work ends
 * aborts `scope.signal`, sets `scope.stopped` and calls `onStop`.
 *
 * Unlike `fromPromise`, it creates no AbortController per invocation unless the work reads
 * `scope.signal` — the agent loop invokes two of these per step, millions of times in a
 * simulation (measured: about 17% of a bare XState loop's time per step).
 *
 * @example
 * const callModel = fromWork<ReasoningOutput, { toolChoice: ToolChoice | null }>(
 *   (input, { signal }) => reason(input.toolChoice, signal),
 * );
 */
export function fromWork<O, I>(
  run: (input: I, scope: WorkScope) => Promise<O>,
  options: WorkOptions<I> = {},
): CallbackActorLogic<EventObject, I> {
  return fromCallback<EventObject, I>(({ input, sendBack }) => {
    let controller: AbortController | null = null;
    let settled = false;
    let stopped = false;
    const scope: WorkScope = {
      get signal() {
        controller ??= new AbortController();
        return controller.signal;
      },
      get stopped() {
        return stopped;
      },
    };
    // A synchronous throw from `run` becomes a rejection like any other failure. The promise
    // `run` returns is watched directly (`Promise.resolve` gives a native promise back as it
    // is): wrapping it (`new Promise(r => r(work))`) would cost two more turns of the microtask
    // queue, and two promises, before the machine hears of the end.
    let work: Promise<O>;
    try {
      work = Promise.resolve(run(input, scope));
    } catch (error) {
      // The same value, whatever was thrown: it reaches WORK_FAILED as it is.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      work = Promise.reject(error);
    }
    // sendBack is dropped by XState once this actor is stopped (its state was left).
    void work.then(
      (output) => {
        settled = true;
        sendBack({ type: "WORK_DONE", output } satisfies WorkEvent);
      },
      (error: unknown) => {
        settled = true;
        sendBack({ type: "WORK_FAILED", error } satisfies WorkEvent);
      },
    );
    return () => {
      if (settled) return;
      stopped = true;
      controller?.abort();
      options.onStop?.(input);
    };
  });
}
