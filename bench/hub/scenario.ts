/** The hub benchmark's fixed choices: sizes, how many deliveries a sample aims at, the goal. */

/** Participants per hub, in-process (`--hub-sizes` overrides). */
export const SIZES: readonly number[] = [100, 1_000, 10_000];

/** Over NATS only these sizes run (10,000 over one connection is past what the issue asks). */
export const NATS_SIZES: ReadonlySet<number> = new Set([100, 1_000]);

/** Real `Agent`s run at these sizes only (an agent's observe is the agent's cost, not the hub's). */
export const AGENT_SIZES: ReadonlySet<number> = new Set([100, 1_000]);

/**
 * Without `--hub-rounds`, a sample runs enough rounds for about this many deliveries (N × (N−1)
 * per round), at least one: 203 rounds at N = 100, 3 at 1,000, 1 at 10,000.
 */
export const DELIVERIES_PER_SAMPLE = 2_000_000;

/** The goal: observe deliveries per second at N = 1,000 in-process. */
export const GOAL_SIZE = 1_000;
export const GOAL_PER_SEC = 1_000_000;

/** Deliveries of one round: every participant says one line, the others observe it. */
export function deliveriesPerRound(size: number): number {
  return size * (size - 1);
}

/** Rounds per sample at `size`: `fixed` when given, else enough for `perSample` deliveries. */
export function roundsFor(
  size: number,
  fixed: number | undefined,
  perSample: number = DELIVERIES_PER_SAMPLE,
): number {
  if (fixed !== undefined) return fixed;
  return Math.max(1, Math.ceil(perSample / deliveriesPerRound(size)));
}
