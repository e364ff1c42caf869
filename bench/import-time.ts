/**
 * How long `import("actorscope")` takes in a fresh process: each run spawns a new `node`, which
 * times the import alone (the process start and the TypeScript loader's own start are outside the
 * measurement), and the median of the runs is reported next to a floor (importing `zod`, which
 * every part of the package needs). Wall time and CPU time (user + system) are both reported: on
 * a loaded machine the CPU time is the steadier figure.
 *
 *   npx tsx bench/import-time.ts                 15 runs from source (tsx, actorscope-source)
 *   npx tsx bench/import-time.ts --runs 31
 *   npx tsx bench/import-time.ts --module pdf-lib  time any other module the same way
 *   npx tsx bench/import-time.ts --baseline DIR   also time the checkout in DIR (e.g. main),
 *                                                 run for run interleaved, for a fair comparison
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
    baseline: { type: "string" },
    json: { type: "boolean", default: false },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer.");
const root = fileURLToPath(new URL("..", import.meta.url));

/** Wall and CPU milliseconds one fresh process started in `cwd` spends in `import(specifier)`. */
function importMs(specifier: string, cwd: string): { wall: number; cpu: number } {
  const script =
    "const t = performance.now(); const c = process.cpuUsage(); await import(process.argv[1]); " +
    "const u = process.cpuUsage(c); " +
    "process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));";
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
    { cwd, encoding: "utf8" },
  );
  return JSON.parse(out) as { wall: number; cpu: number };
}

interface Sample {
  median: number;
  min: number;
  max: number;
}

function summary(times: readonly number[]): Sample {
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

/** Times each `[name, specifier, cwd]` once per run, interleaved, so load affects all alike. */
function sample(
  targets: readonly (readonly [string, string, string])[],
): Map<string, { wall: Sample; cpu: Sample }> {
  const times = new Map<string, { wall: number[]; cpu: number[] }>(
    targets.map(([name]) => [name, { wall: [], cpu: [] }]),
  );
  for (let i = 0; i < runs; i++) {
    for (const [name, specifier, cwd] of targets) {
      const { wall, cpu } = importMs(specifier, cwd);
      times.get(name)?.wall.push(wall);
      times.get(name)?.cpu.push(cpu);
    }
  }
  return new Map(
    [...times].map(([name, t]) => [name, { wall: summary(t.wall), cpu: summary(t.cpu) }]),
  );
}

const targets: [string, string, string][] = [[values.module, values.module, root]];
if (values.baseline !== undefined) {
  targets.push([`${values.module} (baseline)`, values.module, values.baseline]);
}
targets.push(["zod (floor)", "zod", root]);
const results = sample(targets);
if (values.json) {
  const report = {
    bench: "import-time",
    unit: "ms",
    runs,
    module: values.module,
    baseline: values.baseline ?? null,
    results: Object.fromEntries(results),
  };
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`import() in a fresh process, ${runs} runs`);
  const ms = (s: Sample): string =>
    `${s.median.toFixed(0).padStart(5)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
  for (const [name, s] of results) {
    console.log(`${name.padEnd(24)} wall ${ms(s.wall)}   cpu ${ms(s.cpu)}`);
  }
}
