import type { Bus, Subjects } from "../../bus/index.js";
import { ValidationError, type ValidationIssue } from "../../errors/index.js";
import { readOptions } from "../../message/index.js";
import type { AgentPort } from "../agent/agent-port.js";

/** Options of `new MsgHub(…)`. */
export interface MsgHubOptions {
  /** The agents taking part: local `Agent`s, agents on the bus (`agentRef`), any `AgentPort`. */
  participants: readonly AgentPort[];
  /**
   * Message(s) every participant of this member observes when the hub opens, before anything
   * else (`Msg`s or their JSON). On a bus the announcement stays with this member's participants:
   * each process may open its member of the hub with its own.
   */
  announcement?: unknown;
  /**
   * Whether each participant's reply goes to the others (default true). Off, the hub carries
   * only its announcement and what `broadcast` sends.
   */
  autoBroadcast?: boolean | undefined;
  /** The hub's name (default: a new id). On a bus, the members with one name are one hub. */
  name?: string | undefined;
  /** The bus that carries the hub across processes; without one the hub lives in this process. */
  bus?: Bus | undefined;
  /** Subjects with the bus's prefix (default: `new Subjects()`). */
  subjects?: Subjects | undefined;
  /**
   * How long `broadcast` and `flush` wait for this member's posts to come back in the hub's
   * order (default 30 s): only a bus makes them wait.
   */
  deliveryTimeoutMs?: number | undefined;
  /** On a bus: how long a missing post holds the later ones back before it is skipped (default 5 s). */
  gapTimeoutMs?: number | undefined;
}

/** Options of `hub.broadcast(…)` and `hub.flush(…)`. */
export interface HubWaitOptions {
  /** Stops waiting (the promise rejects with `ABORTED`; what was sent stays sent). */
  signal?: AbortSignal | undefined;
  /** The bound on the wait (default: the hub's `deliveryTimeoutMs`). */
  timeoutMs?: number | undefined;
}

const MSG_HUB_OPTIONS: ReadonlySet<string> = new Set([
  "participants",
  "announcement",
  "autoBroadcast",
  "name",
  "bus",
  "subjects",
  "deliveryTimeoutMs",
  "gapTimeoutMs",
]);

/**
 * The options of `new MsgHub(…)`, read once and checked: known keys only (a typo is a
 * `ValidationError` naming the nearest key), participants an array, the bounds positive.
 */
export function readHubOptions(options: MsgHubOptions): MsgHubOptions {
  const read = readOptions(options, MSG_HUB_OPTIONS, "MsgHub options");
  const issues: ValidationIssue[] = [];
  const expect = (path: string, ok: boolean, message: string): void => {
    if (!ok) issues.push({ path, message });
  };
  expect("participants", Array.isArray(read.participants), "Expected an array of agents");
  expect(
    "name",
    read.name === undefined || (typeof read.name === "string" && read.name !== ""),
    "Expected a non-empty string",
  );
  expect(
    "autoBroadcast",
    read.autoBroadcast === undefined || typeof read.autoBroadcast === "boolean",
    "Expected a boolean",
  );
  for (const key of ["deliveryTimeoutMs", "gapTimeoutMs"] as const) {
    const value = read[key];
    expect(key, value === undefined || isPositive(value), "Expected a positive number of ms");
  }
  if (issues.length > 0) throw new ValidationError("MsgHub options", issues);
  return read;
}

export function isPositive(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}
