import type { Observable } from "rxjs";
import { Subjects, BusError, BusErrorCode, type Bus } from "../../bus/index.js";
import { ActorscopeError, ErrorCode, ValidationError } from "../../errors/index.js";
import { readOptions } from "../../message/index.js";
import type { Agent } from "../agent/agent.js";
import { AgentBusError, AgentBusErrorCode } from "./agent-bus-error.js";
import { AgentServer } from "./agent-server.js";

/** Options of {@link spawnAgent}. */
export interface SpawnAgentOptions {
  /** The id the agent answers to on the bus (default: `agent.id`). */
  id?: string | undefined;
  /** The subjects (their prefix) of the system the agent joins (default: prefix `as`). */
  subjects?: Subjects | undefined;
  /** How often the agent beats while a command of it is not over (default 1,000 ms). */
  heartbeatMs?: number | undefined;
  /** How long `stop()` waits for the commands not over before it answers them `AGENT_STOPPED` (default 10,000 ms). */
  drainTimeoutMs?: number | undefined;
  /** Publish the statechart's transitions on `as.agent.<id>.state` (default true). */
  transitions?: boolean | undefined;
  /**
   * Ask the bus first whether another agent answers on the id, and refuse with `AGENT_ID_TAKEN`
   * if one does (default true; the probe waits at most `probeTimeoutMs`, default 1,000 ms; a
   * user whose permissions do not let it command its own agent skips it).
   */
  probe?: boolean | undefined;
  probeTimeoutMs?: number | undefined;
}

/** A spawned agent: what serves it on the bus. */
export interface AgentHandle {
  /** The id it answers to on the bus. */
  readonly id: string;
  readonly name: string;
  readonly agent: Agent;
  readonly subjects: Subjects;
  /** True once `stop()` was called (or the bus closed, or a failure stopped it). */
  readonly stopped: boolean;
  /**
   * What failed outside any caller's command, as typed errors naming the agent (`data.source`:
   * `commands`, `serving`, `feeds`, `statechart`; the cause's code kept, e.g. `BUS_PERMISSION`
   * for a revoked inbox permission). Its command subscription or its statechart failing also
   * stops it. Hot; completes when it stops. Unwatched, each failure is logged instead. An
   * `ActorRuntime` that adopts the handle reports each one on the bus.
   */
  readonly failures$: Observable<ActorscopeError>;
  /**
   * Stops serving: no new commands; the ones not over are waited for (bounded by
   * `drainTimeoutMs`), then answered `AGENT_STOPPED`; the feeds stop. The agent itself is
   * untouched (it can be spawned again, or used locally).
   */
  stop(): Promise<void>;
}

const SPAWN_OPTIONS: ReadonlySet<string> = new Set([
  "id",
  "subjects",
  "heartbeatMs",
  "drainTimeoutMs",
  "transitions",
  "probe",
  "probeTimeoutMs",
]);

/**
 * Puts an agent on the bus: it answers the mailbox commands on `as.agent.<id>.in` (reply —
 * also resuming a parked reply with a `UserConfirmResultEvent` or `ExternalExecutionResultEvent`
 * —, observe, interrupt, and the bus's own `describe` and `cancel`), publishes every event of
 * it on `as.agent.<id>.events` and every transition of its statechart on `as.agent.<id>.state`.
 * Resolves once the agent's subscription is live on the bus, so a command sent after it from
 * any process reaches it. Talk to it with `agentRef`.
 *
 * @example
 * const handle = await spawnAgent(bus, agent, { id: "alice" });
 * const alice = await agentRef(bus, "alice"); // from any process on the same bus
 * await alice.reply(new UserMsg({ name: "user", content: "hi" }));
 * await handle.stop();
 */
export async function spawnAgent(
  bus: Bus,
  agent: Agent,
  options: SpawnAgentOptions = {},
): Promise<AgentHandle> {
  const read = readOptions(options, SPAWN_OPTIONS, "SpawnAgentOptions");
  const id = read.id ?? agent.id;
  const subjects = read.subjects ?? new Subjects();
  const inSubject = subjects.agentIn(id);
  if (read.probe ?? true) await probe(bus, id, inSubject, positive(read, "probeTimeoutMs", 1_000));
  const server = new AgentServer(bus, agent, {
    id,
    inSubject,
    eventsSubject: subjects.agentEvents(id),
    stateSubject: subjects.agentState(id),
    heartbeatMs: positive(read, "heartbeatMs", 1_000),
    drainTimeoutMs: positive(read, "drainTimeoutMs", 10_000),
    transitions: read.transitions ?? true,
  });
  server.start();
  await bus.flush();
  return {
    id,
    name: agent.name,
    agent,
    subjects,
    get stopped() {
      return server.stopped;
    },
    failures$: server.failures$,
    stop: () => server.stop(),
  };
}

/** Refuses an id another agent (or anything else) already answers on. */
async function probe(bus: Bus, id: string, subject: string, timeoutMs: number): Promise<void> {
  try {
    await bus.request(subject, { type: "describe" }, { timeoutMs });
  } catch (error) {
    if (!(error instanceof ActorscopeError)) throw error;
    // Nobody there: the id is free.
    if (error.code === BusErrorCode.NO_RESPONDERS || error.code === ErrorCode.TIMEOUT) return;
    // A least-privilege user may serve its agent but not command it (docs/nats-permissions.md):
    // it cannot probe, and the server's permissions already decide who may serve the id.
    if (error.code === BusErrorCode.BUS_PERMISSION) return;
    // The bus itself failed (closed, no permission): that is the caller's to see.
    if (error instanceof BusError) throw error;
    // Anything else answered (an error reply is an answer too).
  }
  throw new AgentBusError(
    AgentBusErrorCode.ID_TAKEN,
    id,
    `Another agent already answers on the bus as '${id}'; spawn this one with another id, or stop that one first.`,
  );
}

function positive(
  read: SpawnAgentOptions,
  key: "heartbeatMs" | "drainTimeoutMs" | "probeTimeoutMs",
  fallback: number,
): number {
  const value = read[key];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError("SpawnAgentOptions", [
      { path: key, message: "Expected a positive number of milliseconds" },
    ]);
  }
  return value;
}
