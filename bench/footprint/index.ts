import { performance } from "node:perf_hooks";
import { BARE_ACTOR_ID, FOOTPRINT_CONTENDERS, IDLE_AGENT_ID } from "./contenders.js";
import { measureOne, type FootprintSample } from "./measure.js";
import { COUNTS, GOAL_KB_PER_IDLE_AGENT } from "./scenario.js";

/** Options of the footprint benchmark (from `npm run bench -- …`). */
export interface FootprintBenchOptions {
  /** Print the results as JSON on stdout instead of the table. */
  json: boolean;
  /** Instance counts to measure at (default {@link COUNTS}). */
  counts?: readonly number[];
}

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
  /** The idle agent's KB per instance at each count, in `counts` order. */
  idleAgentKb: number[];
  /** Goal of issue 11: at most this many KB per idle agent, at every count. */
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
  const start = performance.now();
  const samples: FootprintSample[] = [];
  for (const count of counts) {
    for (const entry of FOOTPRINT_CONTENDERS) {
      const sample = await measureOne(entry, count);
      samples.push(sample);
      log(
        `  ${entry.name} × ${count.toLocaleString("en-US")}: ` +
          `${(sample.bytesPerInstance / KB).toFixed(2)} KB each (built in ${(sample.buildMs / 1000).toFixed(1)} s)`,
      );
    }
  }
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
      results.find((r) => r.id === IDLE_AGENT_ID && r.count === count)?.kbPerInstance ??
      Number.NaN,
  );
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
    idleAgentKb,
    goal: {
      kbPerIdleAgent: GOAL_KB_PER_IDLE_AGENT,
      met: idleAgentKb.every((kb) => kb <= GOAL_KB_PER_IDLE_AGENT),
    },
    seconds: (performance.now() - start) / 1000,
  };
  if (options.json) console.log(JSON.stringify(report, null, 2));
  else printTable(report);
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
    const ratios = mine.map((r) => r.vsBareActor);
    return [
      entry.name,
      ...report.counts.map((count) => {
        const found = mine.find((r) => r.count === count);
        return found === undefined ? "–" : found.kbPerInstance.toFixed(2);
      }),
      `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×`,
    ];
  });
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  console.log("");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  console.log("");
  const { goal, idleAgentKb } = report;
  console.log(
    `An idle agent: ${idleAgentKb.map((kb) => kb.toFixed(1)).join(" / ")} KB ` +
      `(goal ≤ ${goal.kbPerIdleAgent} KB) — goal ${goal.met ? "met" : "missed"}. ` +
      `Footprint run: ${report.seconds.toFixed(0)} s.`,
  );
}
