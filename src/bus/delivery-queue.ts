/** One unit of queued work: deliver a message, settle a flush, notify a KV watcher. */
export type DeliveryTask = () => void;

/** How many tasks one drain runs before it yields to timers and I/O. */
const BATCH = 16_384;
/** How many drains may follow each other as microtasks before one goes through `setImmediate`. */
const MICRO_STREAK = 64;

/**
 * The in-process bus's one FIFO of pending work. Tasks never run inside the call that enqueues
 * them (a handler that publishes does not recurse), and a burst costs one scheduled drain, not
 * one per message. Drains start as microtasks (low latency) but every {@link BATCH} tasks, and
 * after a streak of microtask drains, the next one goes through `setImmediate`, so timers (a
 * request's timeout) still fire while agents ping-pong forever.
 *
 * `onError` receives what a task throws; the drain goes on with the next task.
 */
export class DeliveryQueue {
  private tasks: DeliveryTask[] = [];
  private head = 0;
  private scheduled = false;
  private microStreak = 0;
  private readonly runMicro = (): void => {
    this.microStreak++;
    this.drain(BATCH);
  };
  private readonly runMacro = (): void => {
    this.microStreak = 0;
    this.drain(BATCH);
  };

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Pending tasks. */
  get size(): number {
    return this.tasks.length - this.head;
  }

  /** Queues `task` to run after everything queued before it. */
  push(task: DeliveryTask): void {
    this.tasks.push(task);
    if (!this.scheduled) this.schedule(false);
  }

  /** Resolves once every task queued before this call has run. */
  settled(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.push(resolve);
    });
  }

  private schedule(yieldFirst: boolean): void {
    this.scheduled = true;
    if (yieldFirst || this.microStreak >= MICRO_STREAK) setImmediate(this.runMacro);
    else queueMicrotask(this.runMicro);
  }

  private drain(budget: number): void {
    let ran = 0;
    while (this.head < this.tasks.length && ran < budget) {
      const task = this.tasks[this.head];
      this.tasks[this.head++] = noop; // drop the reference: delivered messages can be collected
      ran++;
      try {
        task?.();
      } catch (error) {
        this.onError(error);
      }
    }
    if (this.head === this.tasks.length) {
      this.tasks = [];
      this.head = 0;
      this.scheduled = false;
      return;
    }
    if (this.head > BATCH) {
      this.tasks = this.tasks.slice(this.head);
      this.head = 0;
    }
    this.schedule(true);
  }
}

function noop(): void {
  // a task already run
}
