/** How many requested paths a ledger remembers (least recently checked forgotten first). */
const LEDGER_CAPACITY = 1024;

/**
 * What the permission checks of one tool saw: for each requested path (absolute, normalised), the
 * real paths it resolved to when it was checked. `call` compares the real path it is about to
 * touch with these, so a symlink created or swapped between the check and the call (a race an
 * attacker controls) is refused instead of followed.
 *
 * In memory and bounded: a call that finds no record (the check ran in another process, or the
 * tool was invoked without the permission engine) falls back to the checks that need no record.
 */
export class PathCheckLedger {
  private readonly seen = new Map<string, Set<string>>();

  /** Notes that a check of `requested` saw it resolve to `real`. */
  record(requested: string, real: string): void {
    const reals = this.seen.get(requested) ?? new Set<string>();
    this.seen.delete(requested);
    reals.add(real);
    this.seen.set(requested, reals);
    if (this.seen.size > LEDGER_CAPACITY) {
      const oldest = this.seen.keys().next();
      if (oldest.done !== true) this.seen.delete(oldest.value);
    }
  }

  /** The real paths checks of `requested` saw, or `undefined` when none was recorded. */
  realPathsOf(requested: string): ReadonlySet<string> | undefined {
    return this.seen.get(requested);
  }
}
