/**
 * What the footprint benchmark measures: the heap bytes one more instance of a contender keeps
 * alive once the process is quiet, at {@link COUNTS} instances. Each (contender, count) pair runs
 * in a fresh process, so no garbage, caches or JIT state of another pair reach its numbers.
 */
export const COUNTS: readonly number[] = [1_000, 10_000, 100_000];

/** The goal of issue 11, in KB (1,024 bytes) per idle agent after one reply. */
export const GOAL_KB_PER_IDLE_AGENT = 12;

/** A kind of instance under measurement. */
export interface FootprintContender {
  /** How an instance is built, for the report. */
  readonly setup: string;
  /**
   * Builds one instance (and, for an idle agent, runs its reply). What it returns is kept
   * reachable until the heap is measured; everything else it allocated may be collected.
   */
  make(index: number): unknown;
}
