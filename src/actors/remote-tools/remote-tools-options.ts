import { Subjects } from "../../bus/index.js";
import { ValidationError } from "../../errors/index.js";
import { readOptions } from "../../message/index.js";

/** Options of `remoteToolSource` (and of `remoteTools`, which adds `waitMs`). */
export interface RemoteToolSourceOptions {
  /** Only these tools (default: every tool in the registry). */
  names?: readonly string[] | undefined;
  /** The subjects (their prefix) of the system the workers are in (default: prefix `as`). */
  subjects?: Subjects | undefined;
  /** The source's name, for the toolkit's warnings (default `remote-tools`). */
  name?: string | undefined;
  /** How long a worker may take to accept a call (its first frame; default 5,000 ms). */
  acceptTimeoutMs?: number | undefined;
  /** Heartbeat intervals without a frame after which a call's worker is taken for lost (default 3). */
  missedHeartbeats?: number | undefined;
  /** Liveness intervals without a registry refresh after which a worker is taken for gone (default 3). */
  missedRefreshes?: number | undefined;
  /** The bound on one permission check's round trip (default 10,000 ms). */
  checkTimeoutMs?: number | undefined;
  /** The bound on a whole call; past it the call is cancelled (default 15 minutes). */
  callTimeoutMs?: number | undefined;
}

/** Options of `remoteTools`. */
export interface RemoteToolsOptions extends RemoteToolSourceOptions {
  /** How long to wait for the tools in `names` to appear in the registry (default 0: take what is there). */
  waitMs?: number | undefined;
}

/** Every option resolved. */
export interface ResolvedRemoteOptions {
  readonly names: ReadonlySet<string> | null;
  readonly subjects: Subjects;
  readonly name: string;
  readonly acceptTimeoutMs: number;
  readonly missedHeartbeats: number;
  readonly missedRefreshes: number;
  readonly checkTimeoutMs: number;
  readonly callTimeoutMs: number;
  readonly waitMs: number;
}

const OPTIONS: ReadonlySet<string> = new Set([
  "names",
  "subjects",
  "name",
  "acceptTimeoutMs",
  "missedHeartbeats",
  "missedRefreshes",
  "checkTimeoutMs",
  "callTimeoutMs",
  "waitMs",
]);

/** Reads and checks the options; any problem is a `ValidationError` naming the option. */
export function readRemoteOptions(
  options: RemoteToolsOptions,
  what: string,
): ResolvedRemoteOptions {
  const read = readOptions(options, OPTIONS, what);
  const refuse = (path: string, message: string): never => {
    throw new ValidationError(what, [{ path, message }]);
  };
  const positive = (key: keyof RemoteToolsOptions, fallback: number, zero = false): number => {
    const value = read[key];
    if (value === undefined) return fallback;
    if (
      typeof value !== "number" ||
      !Number.isFinite(value) ||
      value < 0 ||
      (value === 0 && !zero)
    ) {
      return refuse(key, zero ? "Expected a number ≥ 0" : "Expected a positive number");
    }
    return value;
  };
  const names = read.names;
  if (
    names !== undefined &&
    (!Array.isArray(names) || names.some((n) => typeof n !== "string" || n.length === 0))
  ) {
    refuse("names", "Expected a list of tool names");
  }
  const subjects = read.subjects ?? new Subjects();
  if (!(subjects instanceof Subjects)) refuse("subjects", "Expected a Subjects");
  if (read.name !== undefined && (typeof read.name !== "string" || read.name.length === 0)) {
    refuse("name", "Expected a non-empty string");
  }
  return {
    names: names === undefined ? null : new Set(names),
    subjects,
    name: read.name ?? "remote-tools",
    acceptTimeoutMs: positive("acceptTimeoutMs", 5_000),
    missedHeartbeats: positive("missedHeartbeats", 3),
    missedRefreshes: positive("missedRefreshes", 3),
    checkTimeoutMs: positive("checkTimeoutMs", 10_000),
    callTimeoutMs: positive("callTimeoutMs", 15 * 60_000),
    waitMs: positive("waitMs", 0, true),
  };
}
