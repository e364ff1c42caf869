import { loadavg } from "node:os";
import { InProcessBus, NatsBus, type Bus } from "../../src/index.js";
import { printTable } from "../table.js";
import { runAgents } from "./agents.js";
import { best, perSec, type Sample } from "./measure.js";
import { BenchNats } from "./nats.js";
import {
  AGENT_SIZES,
  deliveriesPerRound,
  GOAL_PER_SEC,
  GOAL_SIZE,
  NATS_SIZES,
  roundsFor,
  SIZES,
} from "./scenario.js";
import { runSpeakers } from "./speakers.js";

/** Options of the hub benchmark (from `npm run bench -- …`). */
export interface HubBenchOptions {
  /** Print nothing: the caller prints the returned report as JSON. */
  json: boolean;
  /** Participants per hub (default `SIZES`). */
  sizes?: readonly number[] | undefined;
  /** Rounds per sample at every size (default: about `DELIVERIES_PER_SAMPLE` deliveries). */
  rounds?: number | undefined;
  /** Timed samples per row below 10,000 participants (default 5; one at 10,000 and more). */
  samples?: number | undefined;
}

/** Who takes part: minimal `AgentPort`s (the hub's path alone) or real `Agent`s. */
export type HubParticipants = "SpeakerPort" | "Agent";
/** Where the hub lives; "local, one turn" is the local hub with every line said in one turn. */
export type HubTransportName = "local" | "local, one turn" | "InProcessBus" | "NatsBus";

/** One contender of one row: its fastest sample, and all of them. */
export interface HubFigures {
  /** Observe deliveries per wall-clock second of the fastest sample. */
  perSec: number;
  /** The same per CPU second of the process. */
  perCpuSec: number;
  samples: Sample[];
}

export interface HubRow {
  participants: HubParticipants;
  transport: HubTransportName;
  size: number;
  rounds: number;
  /** Observe deliveries per sample: rounds × N × (N − 1). */
  deliveries: number;
  hub: HubFigures;
  /** The same messages through a bare RxJS `Subject` to the same participants. */
  subject: HubFigures;
  /** `hub.perSec / subject.perSec`. */
  ratio: number;
}

/** The JSON document of one run (`npm run -s bench -- --only hub --json`). */
export interface HubBenchReport {
  bench: "hub";
  node: string;
  platform: string;
  /** `os.loadavg()` when the run began and when it ended: the machine is shared. */
  loadAverage: { start: number[]; end: number[] };
  rows: HubRow[];
  /** ≥ 1,000,000 deliveries/s at N = 1,000, local hub (SpeakerPorts, said turn by turn). */
  goal: { size: number; perSec: number; measured: number | null; met: boolean | null };
}

interface Case {
  readonly participants: HubParticipants;
  readonly transport: HubTransportName;
  readonly size: number;
}

function cases(sizes: readonly number[]): Case[] {
  return sizes.flatMap((size): Case[] => [
    { participants: "SpeakerPort", transport: "local", size },
    ...(size <= GOAL_SIZE
      ? [{ participants: "SpeakerPort", transport: "local, one turn", size } as const]
      : []),
    { participants: "SpeakerPort", transport: "InProcessBus", size },
    ...(NATS_SIZES.has(size)
      ? [{ participants: "SpeakerPort", transport: "NatsBus", size } as const]
      : []),
    ...(AGENT_SIZES.has(size)
      ? [{ participants: "Agent", transport: "local", size } as const]
      : []),
  ]);
}

/**
 * Fewer deliveries per sample where a delivery costs far more than the hub's path: real agents
 * (each round grows every agent's context by N messages) and NATS (a post is a round trip to
 * the server for its place, and one there and back).
 */
const SLOW_DELIVERIES_PER_SAMPLE: Partial<Record<HubParticipants | HubTransportName, number>> = {
  Agent: 50_000,
  NatsBus: 200_000,
};

/**
 * MsgHub's fan-out: N participants, each saying one line a round, every other observing it —
 * observe deliveries per second against a bare RxJS `Subject` fan-out of the same messages to
 * the same participants, in the same process and run, as a ratio.
 */
export async function runHubBench(options: HubBenchOptions): Promise<HubBenchReport> {
  const sizes = options.sizes ?? SIZES;
  const all = cases(sizes);
  const start = loadavg();
  if (!options.json) {
    console.log(
      `hub: MsgHub fan-out at N = ${sizes.join(", ")}; ${all.length} rows, each the fastest of its samples (load average ${start.map((l) => l.toFixed(1)).join(" ")})`,
    );
  }
  const nats = new BenchNats();
  const rows: HubRow[] = [];
  try {
    for (const c of all) {
      const row = await runCase(c, options, nats);
      rows.push(row);
      if (!options.json) console.log(`  ${describe(row)}`);
    }
  } finally {
    await nats.stop();
  }
  const goalRow = rows.find(
    (r) => r.participants === "SpeakerPort" && r.transport === "local" && r.size === GOAL_SIZE,
  );
  const measured = goalRow?.hub.perSec ?? null;
  const report: HubBenchReport = {
    bench: "hub",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: { start, end: loadavg() },
    rows,
    goal: {
      size: GOAL_SIZE,
      perSec: GOAL_PER_SEC,
      measured,
      met: measured === null ? null : measured >= GOAL_PER_SEC,
    },
  };
  if (!options.json) print(report);
  return report;
}

async function runCase(c: Case, options: HubBenchOptions, nats: BenchNats): Promise<HubRow> {
  const { participants, transport, size } = c;
  const slow = SLOW_DELIVERIES_PER_SAMPLE[participants] ?? SLOW_DELIVERIES_PER_SAMPLE[transport];
  const rounds = roundsFor(size, options.rounds, slow);
  // One sample where one is many seconds: N = 10,000, a thousand real agents.
  const single = size >= 10_000 || (participants === "Agent" && size >= 1_000);
  const samples = single ? 1 : Math.min(options.samples ?? 5, slow === undefined ? Infinity : 3);
  const warmupRounds = size <= GOAL_SIZE ? 1 : 0;
  const bus = await openBus(transport, nats);
  try {
    const run =
      participants === "Agent"
        ? await runAgents({ size, rounds, samples, warmupRounds, bus })
        : await runSpeakers({
            size,
            rounds,
            samples,
            warmupRounds,
            bus,
            pace: transport === "local, one turn" ? "burst" : "turns",
          });
    const hub = figures(run.hub);
    const subject = figures(run.subject);
    return {
      participants,
      transport,
      size,
      rounds,
      deliveries: rounds * deliveriesPerRound(size),
      hub,
      subject,
      ratio: hub.perSec / subject.perSec,
    };
  } finally {
    await bus?.close();
  }
}

async function openBus(transport: HubTransportName, nats: BenchNats): Promise<Bus | undefined> {
  if (transport === "InProcessBus") return new InProcessBus();
  if (transport === "NatsBus") {
    return NatsBus.connect({ servers: await nats.url(), name: "bench-hub" });
  }
  return undefined;
}

function figures(samples: Sample[]): HubFigures {
  const top = best(samples);
  return { perSec: perSec(top), perCpuSec: (top.deliveries * 1_000) / top.cpuMs, samples };
}

const rate = (perSec: number): string =>
  perSec >= 1e6 ? `${(perSec / 1e6).toFixed(2)} M/s` : `${(perSec / 1e3).toFixed(0)} k/s`;

function describe(row: HubRow): string {
  return `${row.participants} ${row.transport} N=${row.size}: ${rate(row.hub.perSec)} vs Subject ${rate(row.subject.perSec)} (${row.ratio.toFixed(3)}×)`;
}

function print(report: HubBenchReport): void {
  const header = [
    "participants",
    "transport",
    "N",
    "rounds × samples",
    "hub deliveries/s",
    "Subject deliveries/s",
    "hub / Subject",
  ];
  const rows = report.rows.map((r) => [
    r.participants,
    r.transport,
    r.size.toLocaleString("en-US"),
    `${r.rounds} × ${r.hub.samples.length}`,
    rate(r.hub.perSec),
    rate(r.subject.perSec),
    `${r.ratio.toFixed(3)}×`,
  ]);
  printTable(header, rows);
  const { goal, loadAverage } = report;
  console.log(
    `Goal (≥ ${rate(goal.perSec)} at N = ${goal.size.toLocaleString("en-US")}, local, SpeakerPorts): ${
      goal.measured === null
        ? "not measured"
        : `${goal.met === true ? "met" : "MISSED"} — ${rate(goal.measured)}`
    }. Load average at the end: ${loadAverage.end.map((l) => l.toFixed(1)).join(" ")}.`,
  );
}
