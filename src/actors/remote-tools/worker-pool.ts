/** What a caller knows of one worker of one tool. */
interface WorkerSlot {
  /** Calls this caller has running on it. */
  inFlight: number;
  /** Calls this caller has sent it (the tie-break: ties go in turn, however the set changes). */
  sent: number;
  /** Whether its registry entry is fresh (a stale one is not chosen). */
  live: boolean;
}

/**
 * The workers of each tool as this caller knows them (from the registry), and the calls it has
 * running on each. A call goes to the live worker with the fewest of this caller's calls in
 * flight, ties taken in turn, so a caller's calls spread evenly however the server would have
 * picked within the queue group.
 */
export class WorkerPool {
  readonly #byTool = new Map<string, Map<string, WorkerSlot>>();

  /** A worker of `tool` joined, refreshed or went stale. */
  set(tool: string, workerId: string, live: boolean): void {
    let workers = this.#byTool.get(tool);
    if (workers === undefined) {
      workers = new Map();
      this.#byTool.set(tool, workers);
    }
    const slot = workers.get(workerId);
    if (slot === undefined) workers.set(workerId, { inFlight: 0, sent: 0, live });
    else slot.live = live;
  }

  /** A worker of `tool` left (its entry was removed). */
  remove(tool: string, workerId: string): void {
    const workers = this.#byTool.get(tool);
    workers?.delete(workerId);
    if (workers?.size === 0) this.#byTool.delete(tool);
  }

  /** Whether `tool` has a live worker. */
  hasLive(tool: string): boolean {
    for (const slot of this.#byTool.get(tool)?.values() ?? []) if (slot.live) return true;
    return false;
  }

  /**
   * The live worker of `tool` to send the next call to (not one of `tried`), or null: the fewest
   * calls in flight; among those, the one sent the fewest so far (round-robin that stays even
   * when workers join, leave or go stale).
   */
  pick(tool: string, tried: ReadonlySet<string>): string | null {
    const workers = this.#byTool.get(tool);
    if (workers === undefined) return null;
    let best: string | null = null;
    let bestSlot: WorkerSlot | null = null;
    for (const [id, slot] of workers) {
      if (!slot.live || tried.has(id)) continue;
      if (
        bestSlot === null ||
        slot.inFlight < bestSlot.inFlight ||
        (slot.inFlight === bestSlot.inFlight && slot.sent < bestSlot.sent)
      ) {
        best = id;
        bestSlot = slot;
      }
    }
    if (bestSlot !== null) bestSlot.sent++;
    return best;
  }

  /** A call of `tool` started on `workerId`. */
  began(tool: string, workerId: string): void {
    const slot = this.#byTool.get(tool)?.get(workerId);
    if (slot !== undefined) slot.inFlight++;
  }

  /** A call of `tool` on `workerId` ended. */
  ended(tool: string, workerId: string): void {
    const slot = this.#byTool.get(tool)?.get(workerId);
    if (slot !== undefined && slot.inFlight > 0) slot.inFlight--;
  }
}
