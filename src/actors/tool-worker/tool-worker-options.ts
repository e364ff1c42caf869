import { Subjects } from "../../bus/index.js";
import { ValidationError } from "../../errors/index.js";
import { newId, readOptions } from "../../message/index.js";

/** Options of `serveTools`. */
export interface ServeToolsOptions {
  /** The queue group of `as.tool.<name>.call` (default `as.tool.<name>`, the same for every worker of a tool). */
  queue?: string | undefined;
  /** How often the worker beats while a call runs (default 1,000 ms). */
  heartbeatMs?: number | undefined;
  /** The worker's id on the bus (default: a fresh id). */
  workerId?: string | undefined;
  /** The subjects (their prefix) of the system the worker joins (default: prefix `as`). */
  subjects?: Subjects | undefined;
  /** How often the worker refreshes its registry entries (default 5,000 ms). */
  livenessMs?: number | undefined;
  /** How many calls may run at once; more are refused with `TOOL_WORKER_BUSY` (default: no limit). */
  maxInFlight?: number | undefined;
  /** How long `stop()` waits for running calls before it aborts them (default 10,000 ms). */
  drainTimeoutMs?: number | undefined;
}

/** Every option resolved. */
export interface ResolvedWorkerOptions {
  readonly queue: string | undefined;
  readonly heartbeatMs: number;
  readonly workerId: string;
  readonly subjects: Subjects;
  readonly livenessMs: number;
  readonly maxInFlight: number;
  readonly drainTimeoutMs: number;
}

const OPTIONS: ReadonlySet<string> = new Set([
  "queue",
  "heartbeatMs",
  "workerId",
  "subjects",
  "livenessMs",
  "maxInFlight",
  "drainTimeoutMs",
]);

const WHAT = "serveTools options";

/** Reads and checks `serveTools`' options; any problem is a `ValidationError` naming the option. */
export function readWorkerOptions(options: ServeToolsOptions): ResolvedWorkerOptions {
  const read = readOptions(options, OPTIONS, WHAT);
  const subjects = read.subjects ?? new Subjects();
  if (!(subjects instanceof Subjects)) refuse("subjects", "Expected a Subjects");
  return {
    queue: text(read.queue, "queue"),
    heartbeatMs: positive(read.heartbeatMs, "heartbeatMs", 1_000),
    workerId: text(read.workerId, "workerId") ?? newId(),
    subjects,
    livenessMs: positive(read.livenessMs, "livenessMs", 5_000),
    maxInFlight:
      read.maxInFlight === undefined
        ? Number.POSITIVE_INFINITY
        : positiveInteger(read.maxInFlight, "maxInFlight"),
    drainTimeoutMs: positive(read.drainTimeoutMs, "drainTimeoutMs", 10_000),
  };
}

function refuse(path: string, message: string): never {
  throw new ValidationError(WHAT, [{ path, message }]);
}

function text(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length === 0 || /\s/.test(value)) {
    refuse(path, "Expected a non-empty string without whitespace");
  }
  return value;
}

function positive(value: unknown, path: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    refuse(path, "Expected a positive whole number of milliseconds");
  }
  return value;
}

function positiveInteger(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    refuse(path, "Expected a positive whole number");
  }
  return value;
}
