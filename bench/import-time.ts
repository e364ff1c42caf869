/**
 * How long `import("actorscope")` takes in a fresh process: each run spawns a new `node`, which
 * times the import alone (the process start and the TypeScript loader's own start are outside the
 * measurement), and the median of the runs is reported next to a floor (importing `zod`, which
 * every part of the package needs).
 *
 *   npx tsx bench/import-time.ts                 15 runs from source (tsx, actorscope-source)
 *   npx tsx bench/import-time.ts --runs 31
 *   npx tsx bench/import-time.ts --module pdf-lib  time any other module the same way
 *   npx tsx bench/import-time.ts --json
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { median } from "./loop/measure.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    module: { type: "string", default: "actorscope" },
    json: { type: "boolean", default: false },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer.");
const root = fileURLToPath(new URL("..", import.meta.url));

/** Milliseconds one fresh process spends in `await import(specifier)`. */
function importMs(specifier: string): number {
  const script =
    "const t = performance.now(); await import(process.argv[1]); " +
    "process.stdout.write(String(performance.now() - t));";
  const out = execFileSync(
    process.execPath,
    [
      "--conditions=actorscope-source",
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      script,
      specifier,
    ],
    { cwd: root, encoding: "utf8" },
  );
  return Number(out);
}

function sample(specifier: string): { median: number; min: number; max: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(importMs(specifier));
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

const target = sample(values.module);
const floor = sample("zod");
const report = { bench: "import-time", unit: "ms", runs, module: values.module, target, floor };
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const row = (name: string, s: typeof target): string =>
    `${name.padEnd(12)} median ${s.median.toFixed(0).padStart(5)} ms  (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
  console.log(`import() in a fresh process, ${runs} runs`);
  console.log(row(values.module, target));
  console.log(row("zod (floor)", floor));
}
