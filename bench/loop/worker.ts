/**
 * One contender's process: `tsx bench/loop/worker.ts <id>`, driven over IPC by the runner. Each
 * contender runs alone in its process, so no library's global side effects (polyfills, patched
 * built-ins), JIT feedback or garbage reach another contender's numbers.
 */
import { contenderById } from "./contenders.js";
import { playReplies } from "./play.js";
import type { WorkerReply, WorkerRequest } from "./protocol.js";

const send = (reply: WorkerReply): void => {
  process.send?.(reply);
};

async function main(): Promise<void> {
  const id = process.argv[2];
  if (id === undefined || process.send === undefined) {
    throw new Error("Run by bench/loop/measure.ts: worker.ts <contender id>, with an IPC channel.");
  }
  const contender = await contenderById(id).load();
  process.on("message", (request: WorkerRequest) => {
    void handle(request).then(send, (error: unknown) => {
      send({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    });
  });
  // The runner gone (finished or crashed): nothing more to do.
  process.on("disconnect", () => process.exit());
  send({ kind: "ready", setup: contender.setup });

  async function handle(request: WorkerRequest): Promise<WorkerReply> {
    if (request.kind === "round") {
      // No forced gc() between rounds: a full collection leaves the heap small and the next
      // rounds far slower (measured ~1.7× for @openai/agents); steady-state garbage is fair game.
      const session = await contender.prepare(request.replies);
      return { kind: "round", ms: await playReplies(session, request.replies) };
    }
    let replies = 0;
    let ms = 0;
    let batch = 1;
    let lastMs = 0;
    let lastReplies = 0;
    const start = performance.now();
    while (performance.now() - start < request.ms) {
      const session = await contender.prepare(batch);
      lastMs = await playReplies(session, batch);
      lastReplies = batch;
      ms += lastMs;
      replies += batch;
      batch = Math.min(batch * 2, 64);
    }
    return { kind: "warmed", replies, ms, lastReplies, lastMs };
  }
}

main().catch((error: unknown) => {
  send({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
