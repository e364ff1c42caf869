import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FootprintEntry } from "./contenders.js";
import type { FootprintReply } from "./protocol.js";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

/**
 * A worker that has not answered in this long is stopped and its measurement fails: a minute for
 * start-up and collections, plus three times the build time the schedule allows.
 */
function timeoutMs(projectedSeconds: number): number {
  return 60_000 + 3_000 * projectedSeconds;
}

/** One (contender, count) figure. */
export interface FootprintSample {
  id: string;
  name: string;
  setup: string;
  count: number;
  /** Heap bytes per instance: (heapUsed after − before) / count. */
  bytesPerInstance: number;
  /** External bytes per instance (outside the JS heap; near 0 for all contenders today). */
  externalBytesPerInstance: number;
  buildMs: number;
}

/**
 * The old space a worker may grow to: room for ~96 KB an instance (twice today's agent), so a
 * large count is measured, not killed by V8's default limit.
 */
function maxOldSpaceMb(count: number): number {
  return Math.max(1024, Math.ceil((count * 96) / 1024));
}

/** Measures one contender at one count in a fresh process (same loader flags as this one). */
export function measureOne(
  entry: FootprintEntry,
  count: number,
  projectedSeconds = 0,
): Promise<FootprintSample> {
  const limit = timeoutMs(projectedSeconds);
  const child = fork(WORKER, [entry.id, String(count)], {
    execArgv: [...process.execArgv, "--expose-gc", `--max-old-space-size=${maxOldSpaceMb(count)}`],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise<FootprintSample>((resolve, reject) => {
    let reply: FootprintReply | null = null;
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${entry.name} × ${count}: no answer in ${limit / 1000} s.`));
    }, limit);
    child.on("message", (message: FootprintReply) => {
      reply = message;
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const got = reply;
      if (got?.kind === "measured") {
        resolve({
          id: entry.id,
          name: entry.name,
          setup: got.setup,
          count,
          bytesPerInstance: got.heapBytes / count,
          externalBytesPerInstance: got.externalBytes / count,
          buildMs: got.buildMs,
        });
      } else if (got?.kind === "error") {
        reject(new Error(`${entry.name} × ${count}: ${got.message}`));
      } else {
        reject(
          new Error(`${entry.name} × ${count}: worker exited (${signal ?? code}) unanswered.`),
        );
      }
    });
  });
}
