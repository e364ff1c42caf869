import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { BARE_ACTOR_ID, FOOTPRINT_CONTENDERS, IDLE_AGENT_ID } from "./contenders.js";
import type { FootprintSample } from "./measure.js";
import { COUNTS, GOAL_KB_PER_IDLE_AGENT } from "./scenario.js";
import { runSchedule, type SkippedSample } from "./schedule.js";
import { printTable as printRows } from "../table.js";

/** Options of the footprint benchmark (from `npm run bench -- …`). */
export interface FootprintBenchOptions {
  /** Print nothing: the caller prints the returned report as JSON. */
  json: boolean;
  /** Instance counts to measure at (default {@link COUNTS}). */
  counts?: readonly number[];
  /**
   * A measurement projected to build for longer than this many s is skipped (default
   * {@link DEFAULT_BUDGET_SECONDS}), which keeps `npm run bench` bounded.
   */
  budgetSeconds?: number;
}

/** Per measurement; with two lanes the default run stays near a minute. */
export const DEFAULT_BUDGET_SECONDS = 25;

/** The JSON document of one run (part of `npm run -s bench -- --json`). */
export interface FootprintBenchReport {
  bench: "footprint";
  scenario: string;
  unit: "KB/instance";
  node: string;
  platform: string;
  counts: number[];
  results: (FootprintSample & {
    kbPerInstance: number;
    /** Bytes per instance over the bare XState actor's at the same count. */
    vsBareActor: number;
  })[];
  /** Measurements left out: projected over `budgetSeconds`. */
  skipped: SkippedSample[];
  budgetSeconds: number;
  /** The idle agent's KB per instance at each count, in `counts` order (null: skipped). */
  idleAgentKb: (number | null)[];
  /** Goal of issue 11: at most this many KB per idle agent, at every measured count. */
  goal: { kbPerIdleAgent: number; met: boolean };
  /** Wall time of the whole footprint run, in s. */
  seconds: number;
}

const KB = 1024;

/**
 * Heap per idle agent: actorscope's `Agent` after one reply and fresh, beside a bare XState
 * actor, at each count; one process per contender and count, run one after the other.
 */
export async function runFootprintBench(
  options: FootprintBenchOptions,
): Promise<FootprintBenchReport> {
  const log = options.json
    ? () => undefined
    : (line: string) => {
        console.log(line);
      };
  const counts = [...(options.counts ?? COUNTS)];
  log(
    `footprint: heap per instance (heapUsed after − before, after full GCs), ` +
      `${counts.map((c) => c.toLocaleString("en-US")).join(" / ")} instances, a process each`,
  );
  const budgetSeconds = options.budgetSeconds ?? DEFAULT_BUDGET_SECONDS;
  const start = performance.now();
  const { samples, skipped } = await runSchedule(FOOTPRINT_CONTENDERS, {
    counts,
    budgetSeconds,
    parallel: Math.min(2, availableParallelism()),
    log,
  });
  const floorAt = (count: number): number =>
    samples.find((s) => s.id === BARE_ACTOR_ID && s.count === count)?.bytesPerInstance ??
    Number.NaN;
  const results = FOOTPRINT_CONTENDERS.flatMap((entry) =>
    samples
      .filter((s) => s.id === entry.id)
      .map((s) => ({
        ...s,
        kbPerInstance: s.bytesPerInstance / KB,
        vsBareActor: s.bytesPerInstance / floorAt(s.count),
      })),
  );
  const idleAgentKb = counts.map(
    (count) =>
      results.find((r) => r.id === IDLE_AGENT_ID && r.count === count)?.kbPerInstance ?? null,
  );
  const measuredIdle = idleAgentKb.filter((kb): kb is number => kb !== null);
  const report: FootprintBenchReport = {
    bench: "footprint",
    scenario:
      "instances kept in an array; KB/instance = (heapUsed after building them − before) / count, " +
      "both read after full collections; one process per contender and count",
    unit: "KB/instance",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    counts,
    results,
    skipped,
    budgetSeconds,
    idleAgentKb,
    goal: {
      kbPerIdleAgent: GOAL_KB_PER_IDLE_AGENT,
      met: measuredIdle.length > 0 && measuredIdle.every((kb) => kb <= GOAL_KB_PER_IDLE_AGENT),
    },
    seconds: (performance.now() - start) / 1000,
  };
  // With --json, bench/run.ts prints every bench's report in one document.
  if (!options.json) printTable(report);
  return report;
}

function printTable(report: FootprintBenchReport): void {
  const header = [
    "contender",
    ...report.counts.map((c) => `KB each × ${c.toLocaleString("en-US")}`),
    "vs bare actor",
  ];
  const rows = FOOTPRINT_CONTENDERS.map((entry) => {
    const mine = report.results.filter((r) => r.id === entry.id);
    const ratios = mine.map((r) => r.vsBareActor).filter(Number.isFinite);
    return [
      entry.name,
      ...report.counts.map((count) => {
        const found = mine.find((r) => r.count === count);
        if (found !== undefined) return found.kbPerInstance.toFixed(2);
        const left = report.skipped.find((k) => k.id === entry.id && k.count === count);
        return left === undefined ? "–" : `skipped (~${left.projectedSeconds.toFixed(0)} s)`;
      }),
      ratios.length === 0
        ? "–"
        : `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×`,
    ];
  });
  printRows(header, rows);
  const { goal, idleAgentKb } = report;
  console.log(
    `An idle agent: ${idleAgentKb.map((kb) => (kb === null ? "–" : kb.toFixed(1))).join(" / ")} KB ` +
      `(goal ≤ ${goal.kbPerIdleAgent} KB) — goal ${goal.met ? "met" : "missed"}. ` +
      `Footprint run: ${report.seconds.toFixed(0)} s.`,
  );
  if (report.skipped.length > 0) {
    console.log(
      `Skipped: projected build time over ${report.budgetSeconds} s ` +
        "(run them with --footprint-budget-s 600).",
    );
  }
}
