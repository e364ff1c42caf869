import { randomUUID } from "node:crypto";
import { remoteTools, serveTools, type ToolWorker } from "../../src/actors/index.js";
import { InProcessBus, NatsBus, msgpackCodec, type Bus } from "../../src/bus/index.js";
import { ToolBase, textChunk, type ToolChunk } from "../../src/tools/index.js";
import { printTable } from "../table.js";
import { latency, median, throughput, type CallFn } from "./measure.js";
import { startBenchNatsServer } from "./nats-server.js";
import { rawNats } from "./raw-nats.js";

/** Options of the remote-tools benchmark (from `npm run bench -- …`). */
export interface RemoteToolsBenchOptions {
  /** Print nothing: the caller prints the returned report as JSON. */
  json: boolean;
  /** Rounds per contender, interleaved (default 5). */
  rounds?: number;
  /** Calls per latency round (default 500). */
  calls?: number;
  /** Length of a throughput round in ms (default 1,000). */
  roundMs?: number;
}

/** One contender's medians over the rounds. */
export interface RemoteToolsFigures {
  p50Us: number;
  p99Us: number;
  /** Calls per second with 64 in flight. */
  throughput: number;
}

/** One transport: remote tools against the bare request/reply beneath them. */
export interface RemoteToolsRow {
  transport: "nats" | "in-process";
  floor: string;
  remote: RemoteToolsFigures;
  raw: RemoteToolsFigures;
  /** remote p50 / raw p50 (goal on NATS: ≤ 1.5). */
  p50Ratio: number;
  p99Ratio: number;
  /** remote throughput / raw throughput (goal on NATS: ≥ 0.6). */
  throughputRatio: number;
}

/** The JSON document of one run (part of `npm run -s bench -- --json`). */
export interface RemoteToolsBenchReport {
  bench: "remote-tools";
  node: string;
  platform: string;
  rounds: number;
  calls: number;
  roundMs: number;
  rows: RemoteToolsRow[];
  goals: { p50Ratio: 1.5; throughputRatio: 0.6; met: boolean };
}

const IN_FLIGHT = 64;

/** A tool that does nothing: what is measured is the trip. */
class Noop extends ToolBase {
  readonly name = "noop";
  readonly description = "Does nothing.";
  readonly inputSchema = { type: "object", properties: {} };
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  readonly #chunk: ToolChunk = textChunk("ok");
  checkPermissions() {
    return {
      behavior: "allow" as const,
      message: "",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }
  override call(): ToolChunk {
    return this.#chunk;
  }
}

/** A remote no-op call through `remoteTools`, read to its end. */
async function remoteCall(
  serving: Bus,
  calling: Bus,
): Promise<{ call: CallFn; worker: ToolWorker }> {
  const worker = await serveTools(serving, [new Noop()], { workerId: "bench" });
  const [tool] = await remoteTools(calling, { names: ["noop"], waitMs: 10_000 });
  if (tool === undefined) throw new Error("the no-op tool was not discovered");
  const call: CallFn = async () => {
    for await (const chunk of tool.invoke({}))
      if (chunk.state === "error") throw new Error(JSON.stringify(chunk));
  };
  return { call, worker };
}

async function measure(
  contenders: { remote: CallFn; raw: CallFn },
  options: Required<Omit<RemoteToolsBenchOptions, "json">>,
): Promise<{ remote: RemoteToolsFigures; raw: RemoteToolsFigures }> {
  const samples = { remote: [] as RemoteToolsFigures[], raw: [] as RemoteToolsFigures[] };
  // Warm-up: compiled code, caches, the server's routes.
  for (const call of [contenders.remote, contenders.raw]) {
    await latency(call, 200);
    await throughput(call, IN_FLIGHT, 200);
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const name of round % 2 === 0
      ? (["remote", "raw"] as const)
      : (["raw", "remote"] as const)) {
      const call = contenders[name];
      const { p50, p99 } = await latency(call, options.calls);
      samples[name].push({
        p50Us: p50,
        p99Us: p99,
        throughput: await throughput(call, IN_FLIGHT, options.roundMs),
      });
    }
  }
  const figures = (list: RemoteToolsFigures[]): RemoteToolsFigures => ({
    p50Us: median(list.map((f) => f.p50Us)),
    p99Us: median(list.map((f) => f.p99Us)),
    throughput: median(list.map((f) => f.throughput)),
  });
  return { remote: figures(samples.remote), raw: figures(samples.raw) };
}

function row(
  transport: RemoteToolsRow["transport"],
  floor: string,
  figures: { remote: RemoteToolsFigures; raw: RemoteToolsFigures },
): RemoteToolsRow {
  return {
    transport,
    floor,
    ...figures,
    p50Ratio: figures.remote.p50Us / figures.raw.p50Us,
    p99Ratio: figures.remote.p99Us / figures.raw.p99Us,
    throughputRatio: figures.remote.throughput / figures.raw.throughput,
  };
}

/**
 * A no-op tool call through `remoteTools` (a worker on one connection, the caller on another)
 * against a raw nats.js request/reply of the same bytes on the same self-started nats-server,
 * and the same call on one `InProcessBus` against a bare `bus.request` there: p50/p99 at one
 * call at a time, throughput at 64 in flight, as ratios.
 */
export async function runRemoteToolsBench(
  options: RemoteToolsBenchOptions,
): Promise<RemoteToolsBenchReport> {
  const resolved = {
    rounds: options.rounds ?? 5,
    calls: options.calls ?? 500,
    roundMs: options.roundMs ?? 1_000,
  };
  const rows: RemoteToolsRow[] = [];
  const request = msgpackCodec.encode({ call_id: randomUUID(), input: {} });

  const server = await startBenchNatsServer();
  try {
    const serving = await NatsBus.connect({ servers: server.url, name: "bench-worker" });
    const calling = await NatsBus.connect({ servers: server.url, name: "bench-caller" });
    const { call, worker } = await remoteCall(serving, calling);
    const reply = msgpackCodec.encode({ kind: "chunk", chunk: textChunk("ok") });
    const raw = await rawNats(server.url, request, reply);
    rows.push(
      row(
        "nats",
        "raw nats.js request/reply",
        await measure({ remote: call, raw: () => raw.call() }, resolved),
      ),
    );
    await raw.close();
    await worker.stop();
    await Promise.all([serving.close(), calling.close()]);
  } finally {
    await server.stop();
  }

  const bus = new InProcessBus();
  const { call, worker } = await remoteCall(bus, bus);
  bus
    .subscribe("bench.bare")
    .subscribe((m) => m.respond?.({ kind: "chunk", chunk: textChunk("ok") }));
  const bare: CallFn = async () => {
    await bus.request("bench.bare", { call_id: "x", input: {} }, { timeoutMs: 10_000 });
  };
  rows.push(
    row(
      "in-process",
      "bare InProcessBus request",
      await measure({ remote: call, raw: bare }, resolved),
    ),
  );
  await worker.stop();
  await bus.close();

  const nats = rows[0];
  const report: RemoteToolsBenchReport = {
    bench: "remote-tools",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    ...resolved,
    rows,
    goals: {
      p50Ratio: 1.5,
      throughputRatio: 0.6,
      met: nats !== undefined && nats.p50Ratio <= 1.5 && nats.throughputRatio >= 0.6,
    },
  };
  if (!options.json) print(report);
  return report;
}

function print(report: RemoteToolsBenchReport): void {
  console.log(
    "remote-tools: a no-op tool call through remoteTools vs the bare request/reply beneath it",
  );
  const us = (n: number) => `${n.toFixed(0)} µs`;
  const perSec = (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`;
  printTable(
    [
      "transport",
      "floor",
      "p50",
      "p50 floor",
      "p50 ×",
      "p99",
      "p99 floor",
      "p99 ×",
      `calls/s @${IN_FLIGHT}`,
      "floor",
      "share",
    ],
    report.rows.map((r) => [
      r.transport,
      r.floor,
      us(r.remote.p50Us),
      us(r.raw.p50Us),
      r.p50Ratio.toFixed(2),
      us(r.remote.p99Us),
      us(r.raw.p99Us),
      r.p99Ratio.toFixed(2),
      perSec(r.remote.throughput),
      perSec(r.raw.throughput),
      `${(r.throughputRatio * 100).toFixed(0)}%`,
    ]),
  );
  console.log(
    `goals on NATS: p50 ≤ 1.5× raw, throughput ≥ 60% of raw — ${report.goals.met ? "met" : "NOT met"}`,
  );
}
