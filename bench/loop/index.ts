import {
  ACTORSCOPE_ID,
  CONTENDERS,
  FLOOR_ID,
  LANGGRAPH_ID,
  MACHINE_ID,
  OPENAI_AGENTS_ID,
} from "./contenders.js";
import { measure, median, type ContenderResult, type MeasureOptions } from "./measure.js";
import { STEPS } from "./scenario.js";
import { printTable as printRows } from "../table.js";

/** Options of the loop benchmark (from `npm run bench -- …`). */
export interface LoopBenchOptions extends MeasureOptions {
  /** Print nothing: the caller prints the returned report as JSON. */
  json: boolean;
}

/** The JSON document of one run (`npm run -s bench -- --json`). */
export interface LoopBenchReport {
  bench: "loop";
  scenario: string;
  unit: "µs/step";
  node: string;
  platform: string;
  options: MeasureOptions;
  results: (ContenderResult & {
    /** Median over rounds of this contender's µs/step over actorscope's in the same round. */
    vsActorscope: number;
  })[];
  /** How many times faster actorscope is than LangGraph.js (paired per round, median). */
  speedupVsLangGraph: number;
  /** How many times faster actorscope is than @openai/agents (paired per round, median). */
  speedupVsOpenaiAgents: number;
  /** actorscope's time per step over the floor's (paired per round, median; lower is better). */
  ratioVsFloor: number;
  /** The statechart alone over the floor: what of the ratio above the statechart itself costs. */
  statechartVsFloor: number;
  /**
   * Goals of issues 6 and 11: at least 10× faster than LangGraph.js and 4× faster than
   * @openai/agents, within 3× of the floor.
   */
  goals: {
    speedupVsLangGraph: number;
    speedupVsOpenaiAgents: number;
    ratioVsFloor: number;
    met: boolean;
  };
}

const GOAL_SPEEDUP_LANGGRAPH = 10;
const GOAL_SPEEDUP = 4;
const GOAL_FLOOR_RATIO = 3;

/**
 * Per-step overhead of the agent loop: actorscope against LangGraph.js, @openai/agents and the
 * bare-XState floor, in one run, each contender in its own process (the scenario: `scenario.ts`).
 */
export async function runLoopBench(options: LoopBenchOptions): Promise<LoopBenchReport> {
  const log = options.json
    ? () => undefined
    : (line: string) => {
        console.log(line);
      };
  log(
    `loop: ${STEPS} steps of one no-op tool call, then a text answer, zero-latency model; ` +
      `${options.rounds} rounds of ~${options.roundMs} ms per contender`,
  );
  const measured = await measure(CONTENDERS, options, log);
  const ours = resultOf(measured, ACTORSCOPE_ID);
  // Ratios pair the rounds: round r of every contender ran within the same second or so, so a
  // change in the machine's speed between rounds (a shared host) cancels out of each ratio.
  const results = measured.map((r) => ({ ...r, vsActorscope: pairedRatio(r, ours) }));
  const speedupLangGraph = pairedRatio(resultOf(measured, LANGGRAPH_ID), ours);
  const speedup = pairedRatio(resultOf(measured, OPENAI_AGENTS_ID), ours);
  const ratio = pairedRatio(ours, resultOf(measured, FLOOR_ID));
  const statechart = pairedRatio(resultOf(measured, MACHINE_ID), resultOf(measured, FLOOR_ID));
  const report: LoopBenchReport = {
    bench: "loop",
    scenario:
      `${STEPS} steps (a model call answering one no-op tool call, and the call), then a text ` +
      `answer; µs/step = reply time / ${STEPS}`,
    unit: "µs/step",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    options: { rounds: options.rounds, roundMs: options.roundMs, warmupMs: options.warmupMs },
    results,
    speedupVsLangGraph: speedupLangGraph,
    speedupVsOpenaiAgents: speedup,
    ratioVsFloor: ratio,
    statechartVsFloor: statechart,
    goals: {
      speedupVsLangGraph: GOAL_SPEEDUP_LANGGRAPH,
      speedupVsOpenaiAgents: GOAL_SPEEDUP,
      ratioVsFloor: GOAL_FLOOR_RATIO,
      met:
        speedupLangGraph >= GOAL_SPEEDUP_LANGGRAPH &&
        speedup >= GOAL_SPEEDUP &&
        ratio <= GOAL_FLOOR_RATIO,
    },
  };
  // With --json, bench/run.ts prints every bench's report in one document.
  if (!options.json) printTable(report);
  return report;
}

function resultOf(results: readonly ContenderResult[], id: string): ContenderResult {
  const found = results.find((r) => r.id === id);
  if (found === undefined) throw new Error(`No result for '${id}'.`);
  return found;
}

/** The median over rounds of `a`'s time over `b`'s in the same round. */
function pairedRatio(a: ContenderResult, b: ContenderResult): number {
  return median(a.samples.map((value, round) => value / (b.samples[round] ?? Number.NaN)));
}

function printTable(report: LoopBenchReport): void {
  const header = ["contender", "µs/step (median)", "min–max", "time vs actorscope"];
  const rows = report.results.map((r) => [
    r.name,
    r.median.toFixed(1),
    `${r.min.toFixed(0)}–${r.max.toFixed(0)}`,
    `${r.vsActorscope.toFixed(2)}×`,
  ]);
  printRows(header, rows);
  const { speedupVsLangGraph: langGraph, speedupVsOpenaiAgents: speedup, goals } = report;
  console.log(
    `actorscope: ${langGraph.toFixed(2)}× faster than LangGraph.js (goal ≥ ${goals.speedupVsLangGraph}×), ` +
      `${speedup.toFixed(2)}× faster than @openai/agents (goal ≥ ${goals.speedupVsOpenaiAgents}×), ` +
      `${report.ratioVsFloor.toFixed(2)}× the floor (goal ≤ ${goals.ratioVsFloor}×) — ` +
      `goals ${goals.met ? "met" : "missed"}.`,
  );
  console.log(
    `The statechart alone (no-op slots) is ${report.statechartVsFloor.toFixed(2)}× the floor; ` +
      "the rest of actorscope's time is the agent's work (events, tool pipeline, messages).",
  );
}
