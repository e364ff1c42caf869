/**
 * Where an idle agent's bytes go: builds N instances of a footprint contender (default: 1,000
 * idle agents), takes a heap snapshot before and after, and groups the objects only the second
 * has by constructor (self sizes, per instance). The snapshots go to a temporary directory and
 * are deleted afterwards (pass --keep to keep them for Chrome DevTools).
 *
 *   node --conditions=actorscope-source --import tsx --expose-gc --max-old-space-size=8192 \
 *     bench/footprint/profile.ts [agent-idle|agent-fresh|bare-xstate] [count] [--keep]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { buildInto } from "./build.js";
import { IDLE_AGENT_ID, footprintContenderById } from "./contenders.js";
import { settledMemory } from "./heap.js";
import { bytesByPath, groupOf, readHeapNodes } from "./snapshot.js";

const args = process.argv.slice(2).filter((a) => a !== "--keep");
const keep = process.argv.includes("--keep");
const id = args[0] ?? IDLE_AGENT_ID;
const count = Number(args[1] ?? 1000);
const TOP = 40;

const contender = await footprintContenderById(id).load();
await buildInto(contender, new Array<unknown>(200), 0, 200);
const kept = new Array<unknown>(count).fill(null);
const dir = mkdtempSync(join(tmpdir(), "actorscope-footprint-"));
const before = await settledMemory();
const beforePath = writeHeapSnapshot(join(dir, "before.heapsnapshot"));
await buildInto(contender, kept, 0, count);
const after = await settledMemory();
const afterPath = writeHeapSnapshot(join(dir, "after.heapsnapshot"));

const known = new Set(readHeapNodes(beforePath).map((n) => n.id));
const nodes = readHeapNodes(afterPath);
const groups = new Map<string, { bytes: number; objects: number }>();
let total = 0;
for (const node of nodes) {
  if (known.has(node.id)) continue;
  const key = groupOf(node);
  const group = groups.get(key) ?? { bytes: 0, objects: 0 };
  group.bytes += node.selfSize;
  group.objects += 1;
  groups.set(key, group);
  total += node.selfSize;
}
if (keep) console.log(`Snapshots kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });

console.log(
  `${id} × ${count}: heapUsed +${((after.heapUsed - before.heapUsed) / count / 1024).toFixed(2)} KB ` +
    `each; new objects in the snapshot ${(total / count / 1024).toFixed(2)} KB each`,
);
console.log("bytes/instance  objects/instance  group (self sizes of new objects)");
for (const [key, group] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP)) {
  console.log(
    `${(group.bytes / count).toFixed(0).padStart(14)}  ${(group.objects / count).toFixed(1).padStart(16)}  ${key}`,
  );
}

// The instances are the elements of `kept`: find that array as the node whose elements are
// the most objects of the root constructor.
const rootName = id === "bare-xstate" ? "Actor" : "Agent";
const holder = nodes.reduce<number[]>((best, node) => {
  const roots = node.edges
    .filter((e) => e.type === "element" && nodes[e.to]?.name === rootName)
    .map((e) => e.to);
  return roots.length > best.length ? roots : best;
}, []);
console.log("");
console.log(
  `bytes/instance  objects/instance  reached first from ${rootName}'s field (new objects)`,
);
const paths = bytesByPath(nodes, holder, known);
for (const [key, group] of [...paths].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP)) {
  console.log(
    `${(group.bytes / count).toFixed(0).padStart(14)}  ${(group.objects / count).toFixed(1).padStart(16)}  ${key}`,
  );
}
const reached = [...paths.values()].reduce((sum, g) => sum + g.bytes, 0);
console.log(
  `reached from the ${holder.length} roots: ${(reached / count / 1024).toFixed(2)} KB each`,
);
if (kept.length !== count) throw new Error("The instances were not kept.");
