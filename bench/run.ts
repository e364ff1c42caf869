/**
 * `npm run bench`: runs every benchmark (`loop`, `footprint`, `codec`, `hub`, then `remote-tools`) and prints their tables.
 *
 *   npm run bench                                   every table
 *   npm run -s bench -- --json                      { "loop": …, "footprint": …, "codec": …, "hub": …, "remote-tools": … } as JSON on stdout
 *   npm run bench -- --only footprint               one benchmark (loop | footprint | codec | hub | remote-tools)
 *   npm run bench -- --rounds 41 --round-ms 300 --warmup-ms 1000      loop options
 *   npm run bench -- --counts 1000,10000,100000 --footprint-budget-s 600   footprint options
 *   npm run bench -- --codec-rounds 200 --codec-sample-ms 2                codec options
 *   npm run bench -- --hub-sizes 100,1000,10000 --hub-rounds 3 --hub-samples 5   hub options
 *   npm run bench -- --only remote-tools --remote-rounds 5 --remote-calls 500 --remote-round-ms 1000
 */
import { parseArgs } from "node:util";
import { runFootprintBench, type FootprintBenchReport } from "./footprint/index.js";
import { runLoopBench, type LoopBenchReport } from "./loop/index.js";
import { runCodecBench, type CodecBenchReport } from "./codec/index.js";
import { runHubBench, type HubBenchReport } from "./hub/index.js";
import { runRemoteToolsBench, type RemoteToolsBenchReport } from "./remote-tools/index.js";

const BENCHES = ["loop", "footprint", "codec", "hub", "remote-tools"] as const;
type BenchName = (typeof BENCHES)[number];

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    only: { type: "string" },
    rounds: { type: "string", default: "25" },
    "round-ms": { type: "string", default: "200" },
    "warmup-ms": { type: "string", default: "1000" },
    counts: { type: "string" },
    "footprint-budget-s": { type: "string" },
    "codec-rounds": { type: "string", default: "200" },
    "codec-sample-ms": { type: "string", default: "2" },
    "hub-sizes": { type: "string" },
    "hub-rounds": { type: "string" },
    "hub-samples": { type: "string" },
    "remote-rounds": { type: "string", default: "5" },
    "remote-calls": { type: "string", default: "500" },
    "remote-round-ms": { type: "string", default: "1000" },
  },
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number.`);
  return value;
}

function selected(only: string | undefined): readonly BenchName[] {
  if (only === undefined) return BENCHES;
  const name = BENCHES.find((b) => b === only);
  if (name === undefined) throw new Error(`--only must be one of: ${BENCHES.join(", ")}.`);
  return [name];
}

const benches = selected(values.only);
const reports: {
  loop?: LoopBenchReport;
  footprint?: FootprintBenchReport;
  codec?: CodecBenchReport;
  hub?: HubBenchReport;
  "remote-tools"?: RemoteToolsBenchReport;
} = {};
if (benches.includes("loop")) {
  reports.loop = await runLoopBench({
    json: values.json,
    rounds: Math.round(positive("rounds", values.rounds)),
    roundMs: positive("round-ms", values["round-ms"]),
    warmupMs: positive("warmup-ms", values["warmup-ms"]),
  });
}
if (benches.includes("footprint")) {
  if (!values.json && reports.loop !== undefined) console.log("");
  const budget = values["footprint-budget-s"];
  reports.footprint = await runFootprintBench({
    json: values.json,
    ...(values.counts === undefined
      ? {}
      : {
          counts: values.counts
            .split(",")
            .map((c) => Math.round(positive("counts", c.replaceAll("_", "")))),
        }),
    ...(budget === undefined ? {} : { budgetSeconds: positive("footprint-budget-s", budget) }),
  });
}
if (benches.includes("codec")) {
  if (!values.json && (reports.loop !== undefined || reports.footprint !== undefined)) {
    console.log("");
  }
  reports.codec = runCodecBench({
    json: values.json,
    rounds: Math.round(positive("codec-rounds", values["codec-rounds"])),
    sampleMs: positive("codec-sample-ms", values["codec-sample-ms"]),
  });
}
if (benches.includes("hub")) {
  if (!values.json && benches.length > 1) console.log("");
  const rounds = values["hub-rounds"];
  const samples = values["hub-samples"];
  reports.hub = await runHubBench({
    json: values.json,
    ...(values["hub-sizes"] === undefined
      ? {}
      : {
          sizes: values["hub-sizes"]
            .split(",")
            .map((n) => Math.round(positive("hub-sizes", n.replaceAll("_", "")))),
        }),
    ...(rounds === undefined ? {} : { rounds: Math.round(positive("hub-rounds", rounds)) }),
    ...(samples === undefined ? {} : { samples: Math.round(positive("hub-samples", samples)) }),
  });
}
if (benches.includes("remote-tools")) {
  if (!values.json && Object.keys(reports).length > 0) console.log("");
  reports["remote-tools"] = await runRemoteToolsBench({
    json: values.json,
    rounds: Math.round(positive("remote-rounds", values["remote-rounds"])),
    calls: Math.round(positive("remote-calls", values["remote-calls"])),
    roundMs: positive("remote-round-ms", values["remote-round-ms"]),
  });
}
if (values.json) console.log(JSON.stringify(reports, null, 2));
