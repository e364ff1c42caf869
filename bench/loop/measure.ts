import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ContenderEntry } from "./contenders.js";
import type { WorkerReply, WorkerRequest } from "./protocol.js";
import { STEPS } from "./scenario.js";

/** How long and how often to measure. */
export interface MeasureOptions {
  /** Timed rounds per contender (the median is reported). */
  rounds: number;
  /** Target wall time of one round, in ms (the reply count per round is calibrated to it). */
  roundMs: number;
  /** Wall time spent warming each contender up before calibrating, in ms. */
  warmupMs: number;
}

/** One contender's figures, in µs per step. */
export interface ContenderResult {
  id: string;
  name: string;
  setup: string;
  repliesPerRound: number;
  median: number;
  min: number;
  max: number;
  /** µs/step of every round, in order. */
  samples: number[];
}

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));

/** µs per step of `count` replies that took `ms`. */
const perStep = (ms: number, count: number): number => (ms * 1000) / (count * STEPS);

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A contender's worker process, asked one thing at a time. */
class Worker {
  readonly #child: ChildProcess;
  #waiting: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void } | null = null;
  readonly ready: Promise<WorkerReply>;

  constructor(readonly entry: ContenderEntry) {
    // Same loader flags as this process (tsx, --conditions=actorscope-source).
    this.#child = fork(WORKER, [entry.id], {
      execArgv: process.execArgv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.#child.on("message", (reply: WorkerReply) => {
      const waiting = this.#waiting;
      this.#waiting = null;
      if (reply.kind === "error") waiting?.reject(new Error(`${entry.name}: ${reply.message}`));
      else waiting?.resolve(reply);
    });
    this.#child.on("exit", (code) => {
      this.#waiting?.reject(new Error(`${entry.name}: worker exited with code ${code}.`));
      this.#waiting = null;
    });
    this.ready = this.#next();
  }

  #next(): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
  }

  ask<K extends WorkerReply["kind"]>(
    request: WorkerRequest,
    expect: K,
  ): Promise<Extract<WorkerReply, { kind: K }>> {
    const answer = this.#next();
    this.#child.send(request);
    return answer.then((reply) => {
      if (reply.kind !== expect) throw new Error(`${this.entry.name}: unexpected ${reply.kind}.`);
      return reply as Extract<WorkerReply, { kind: K }>;
    });
  }

  stop(): void {
    this.#child.removeAllListeners("exit");
    this.#child.kill();
  }
}

/**
 * Starts one worker process per contender, warms each up (JIT, caches) and calibrates how many
 * replies fill a round, then runs the rounds interleaved — round r of every contender before round
 * r + 1, the first contender rotating — one process at a time, so drift in the machine (frequency,
 * other load) touches all of them alike. Sessions are built outside the timed section.
 */
export async function measure(
  entries: readonly ContenderEntry[],
  options: MeasureOptions,
  progress: (line: string) => void = () => undefined,
): Promise<ContenderResult[]> {
  const workers = entries.map((entry) => new Worker(entry));
  try {
    const setups = new Map<Worker, string>();
    const perRound = new Map<Worker, number>();
    // All loaded before any is timed, so no process start-up overlaps a measurement.
    const ready = await Promise.all(workers.map((w) => w.ready));
    for (const [i, worker] of workers.entries()) {
      const hello = ready[i];
      setups.set(worker, hello?.kind === "ready" ? hello.setup : "");
      const warmed = await worker.ask({ kind: "warmup", ms: options.warmupMs }, "warmed");
      // Calibrated on the last (warmest) batch, so a round lasts about `roundMs`.
      const msPerReply = warmed.lastMs / warmed.lastReplies;
      perRound.set(worker, Math.max(1, Math.round(options.roundMs / msPerReply)));
      progress(
        `  warmed up ${worker.entry.name}: ${warmed.replies} replies, ` +
          `last ${warmed.lastReplies} at ${perStep(msPerReply, 1).toFixed(1)} µs/step`,
      );
    }
    const samples = new Map<Worker, number[]>(workers.map((w) => [w, []]));
    for (let round = 0; round < options.rounds; round += 1) {
      for (let k = 0; k < workers.length; k += 1) {
        const worker = workers[(round + k) % workers.length] as Worker;
        const replies = perRound.get(worker) as number;
        const { ms } = await worker.ask({ kind: "round", replies }, "round");
        samples.get(worker)?.push(perStep(ms, replies));
      }
      progress(`  round ${round + 1}/${options.rounds}`);
    }
    return workers.map((worker) => {
      const values = samples.get(worker) as number[];
      return {
        id: worker.entry.id,
        name: worker.entry.name,
        setup: setups.get(worker) ?? "",
        repliesPerRound: perRound.get(worker) as number,
        median: median(values),
        min: Math.min(...values),
        max: Math.max(...values),
        samples: values,
      };
    });
  } finally {
    for (const worker of workers) worker.stop();
  }
}
