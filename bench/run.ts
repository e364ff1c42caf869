/**
 * `npm run bench`: runs every benchmark (only `loop` for now) and prints its table.
 *
 *   npm run bench                      the table
 *   npm run -s bench -- --json         the results as JSON on stdout
 *   npm run bench -- --rounds 41 --round-ms 300 --warmup-ms 1000
 */
import { parseArgs } from "node:util";
import { runLoopBench } from "./loop/index.js";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    rounds: { type: "string", default: "25" },
    "round-ms": { type: "string", default: "200" },
    "warmup-ms": { type: "string", default: "1000" },
  },
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number.`);
  return value;
}

await runLoopBench({
  json: values.json,
  rounds: Math.round(positive("rounds", values.rounds)),
  roundMs: positive("round-ms", values["round-ms"]),
  warmupMs: positive("warmup-ms", values["warmup-ms"]),
});
