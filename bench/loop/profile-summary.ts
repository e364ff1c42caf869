/**
 * Where a loop contender's CPU time goes, from a `node --cpu-prof` profile of `profile.ts`:
 * self time by concern of the agent loop, and the top functions of each concern.
 *
 *   npx tsx bench/loop/profile-summary.ts /tmp/prof/CPU.….cpuprofile [functions per concern]
 *
 * Self time, not total time: work runs inside XState's actions and promise callbacks, so a
 * function's total time holds other concerns' work. V8 counts inlined callees as their caller's
 * self time; `node --no-turbo-inlining` gives a finer (slower) split. The profile's main thread
 * is the largest file (tsx's loader thread writes a second, nearly idle one).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

/** Concerns of the agent loop, first match wins (a function's `name path`). */
const CONCERNS: readonly (readonly [RegExp, string])[] = [
  [/node_modules\/xstate\//, "XState internals"],
  [/node_modules\/rxjs\/|src\/message\/events\/|src\/machines\/loop\/chunk-events/, "events/RxJS"],
  [/src\/permission\//, "permission"],
  [
    /src\/tools\/|src\/actors\/agent\/acting\/|node_modules\/(zod|ajv)\/|validation-error/,
    "tool pipeline (with zod/ajv)",
  ],
  [/src\/model\/|reasoning-step|src\/actors\/agent\/input-/, "model adapter, reasoning step"],
  [/src\/state\/|src\/message\/|src\/errors\//, "state/context, messages"],
  [/src\/machines\/|src\/actors\/agent\//, "agent glue (agent, reply desk, slots)"],
  [/^\(garbage collector\)/, "garbage collection"],
  [/^structuredClone /, "structuredClone"],
  [/node:internal\/(abort_controller|event_target)/, "AbortController, EventTarget"],
  [
    /node:internal\/modules|node_modules\/tsx\/|^(compileSourceTextModule|readFileUtf8|receiveMessageOnPort) /,
    "module loading (start-up)",
  ],
  [/bench\//, "bench harness"],
  [/^\((program|idle)\) /, "(program), (idle)"],
  [/node_modules\//, "other libraries"],
];

const file = process.argv[2];
const perConcern = Number(process.argv[3] ?? 5);
if (file === undefined) throw new Error("Usage: profile-summary.ts <file.cpuprofile> [n]");
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);

const byConcern = new Map<string, Map<string, number>>();
for (const [id, count] of hits) {
  const frame = nodes.get(id)?.callFrame;
  if (frame === undefined) continue;
  const path = frame.url.replace(/^file:\/\/\/.*?\/(src|bench|node_modules)\//, "$1/");
  const name = `${frame.functionName === "" ? "(anonymous)" : frame.functionName} ${path}`;
  const concern = CONCERNS.find(([pattern]) => pattern.test(name))?.[1] ?? "other";
  const functions = byConcern.get(concern) ?? new Map<string, number>();
  functions.set(name, (functions.get(name) ?? 0) + count);
  byConcern.set(concern, functions);
}

const total = profile.samples.length;
const share = (count: number): string => `${((100 * count) / total).toFixed(1).padStart(5)} %`;
const sum = (functions: Map<string, number>): number =>
  [...functions.values()].reduce((a, b) => a + b, 0);
const seconds = (profile.endTime - profile.startTime) / 1e6;
console.log(`${total} samples over ${seconds.toFixed(1)} s; self time by concern:`);
for (const [concern, functions] of [...byConcern].sort((a, b) => sum(b[1]) - sum(a[1]))) {
  console.log(`${share(sum(functions))}  ${concern}`);
  const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, perConcern);
  for (const [name, count] of top) console.log(`          ${share(count)}  ${name}`);
}
