import { filter, map, share, type Observable } from "rxjs";
import { Subjects, type Bus } from "../../bus/index.js";
import { ActorscopeError, ErrorCode, ValidationError } from "../../errors/index.js";
import { AgentEventSchema, Msg, newId, readOptions, type AgentEvent } from "../../message/index.js";
import { readReplyOptions, type ReplyOptions } from "../agent/agent-options.js";
import type { AgentPort } from "../agent/agent-port.js";
import { sortInput, validateMsgs } from "../agent/reply-input.js";
import { toStructuredJsonSchema } from "../agent/structured-output-schema.js";
import type { AgentEndFrame } from "./agent-bus-frame.js";
import {
  AgentTransitionSchema,
  type AgentDescription,
  type AgentTransition,
} from "./agent-transition.js";
import { RemoteCall, type RemoteTarget, type WireCommand } from "./remote-call.js";
import { RemoteReplyStream } from "./remote-reply-stream.js";

/** Options of {@link agentRef}. */
export interface AgentRefOptions {
  /** The subjects (their prefix) of the system the agent is in (default: prefix `as`). */
  subjects?: Subjects | undefined;
  /** How long the agent may take to accept a command (default 5,000 ms; a reply itself may run far longer). */
  timeoutMs?: number | undefined;
  /** Heartbeat intervals without a frame after which a command fails with `AGENT_LOST` (default 4). */
  missedHeartbeats?: number | undefined;
  /** The agent's name when the caller knows it: `agentRef` then sends no `describe`. */
  name?: string | undefined;
}

const REF_OPTIONS: ReadonlySet<string> = new Set([
  "subjects",
  "timeoutMs",
  "missedHeartbeats",
  "name",
]);

/**
 * A proxy of an agent on the bus (`spawnAgent`) that satisfies `AgentPort` as a local `Agent`
 * does: the same calls, the same order (every call is a command to the agent's one mailbox),
 * the same events and the same typed errors (`REPLY_BUSY` with `{ queue: false }`, …). Its
 * `name` is learnt from the agent when the ref is made (a `describe` command), unless given.
 * A command whose agent dies fails with `AGENT_LOST` (it is never sent again).
 *
 * @example
 * const alice = await agentRef(bus, "alice");
 * alice.events$.subscribe((event) => console.log(event.type));
 * const msg = await alice.reply(new UserMsg({ name: "user", content: "hi" }));
 */
export async function agentRef(
  bus: Bus,
  id: string,
  options: AgentRefOptions = {},
): Promise<AgentRef> {
  const read = readOptions(options, REF_OPTIONS, "AgentRefOptions");
  const subjects = read.subjects ?? new Subjects();
  const target: RemoteTarget = {
    bus,
    agentId: id,
    inSubject: subjects.agentIn(id),
    timeoutMs: positive(read.timeoutMs, "timeoutMs", 5_000),
    missedHeartbeats: positive(read.missedHeartbeats, "missedHeartbeats", 4),
  };
  const name = read.name ?? (await describe(target)).name;
  return new AgentRef(target, subjects, name);
}

/** See {@link agentRef}. */
export class AgentRef implements AgentPort {
  readonly id: string;
  readonly name: string;
  readonly subjects: Subjects;
  /** Every event of the agent (from `as.agent.<id>.events`; hot, as a local agent's). */
  readonly events$: Observable<AgentEvent>;
  /** Every transition of the agent's statechart (from `as.agent.<id>.state`). */
  readonly transitions$: Observable<AgentTransition>;
  readonly #target: RemoteTarget;

  constructor(target: RemoteTarget, subjects: Subjects, name: string) {
    this.#target = target;
    this.id = target.agentId;
    this.name = name;
    this.subjects = subjects;
    const { bus } = target;
    this.events$ = bus
      .subscribe(subjects.agentEvents(this.id), { schema: AgentEventSchema, what: "agent event" })
      .pipe(
        filter((message) => message.error === undefined),
        map((message) => message.data),
        share(),
      );
    this.transitions$ = bus
      .subscribe(subjects.agentState(this.id), {
        schema: AgentTransitionSchema,
        what: "agent transition",
      })
      .pipe(
        filter((message) => message.error === undefined),
        map((message) => message.data),
        share(),
      );
  }

  /** `Agent.reply`, through the agent's mailbox on the bus. */
  async reply(inputs?: unknown, options: ReplyOptions = {}): Promise<Msg> {
    const command = replyCommand(inputs, options, false);
    const end = await new RemoteCall(this.#target, "reply", null).send(command).outcome;
    return resultMsg(end);
  }

  /** `Agent.replyStream`, through the agent's mailbox on the bus (sent when iteration starts). */
  replyStream(
    inputs?: unknown,
    options: ReplyOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    const callId = newId() + newId();
    return new RemoteReplyStream({
      open: (onEvent) => {
        const call = new RemoteCall(this.#target, "reply", onEvent);
        let command: WireCommand;
        try {
          command = replyCommand(inputs, options, true, callId);
        } catch (error) {
          return call.refuse(error);
        }
        return call.send(command);
      },
      cancel: () => {
        this.#target.bus.publish(this.#target.inSubject, { type: "cancel", call_id: callId });
      },
    });
  }

  /** `Agent.observe`, through the agent's mailbox on the bus. */
  async observe(msgs: unknown): Promise<void> {
    const list = validateMsgs(msgs instanceof Msg ? [msgs] : Array.isArray(msgs) ? msgs : [msgs]);
    await new RemoteCall(this.#target, "observe", null).send({
      type: "observe",
      msgs: list.map((msg) => msg.toJSON()),
    }).outcome;
  }

  /** `Agent.interrupt`, through the agent's mailbox on the bus. */
  async interrupt(): Promise<void> {
    await new RemoteCall(this.#target, "interrupt", null).send({ type: "interrupt" }).outcome;
  }

  /** Who the agent is and where its statechart is now. */
  describe(): Promise<AgentDescription> {
    return describe(this.#target);
  }
}

async function describe(target: RemoteTarget): Promise<AgentDescription> {
  const end = await new RemoteCall(target, "describe", null).send({ type: "describe" }).outcome;
  if (end.kind !== "description") throw unexpected(end, "describe");
  return end.description;
}

/** The wire command of a `reply(inputs, options)` call (the options checked as a local agent checks them). */
function replyCommand(
  inputs: unknown,
  options: ReplyOptions,
  stream: boolean,
  callId?: string,
): WireCommand {
  const read = readReplyOptions(options);
  const schema = read.structuredSchema;
  return {
    type: "reply",
    inputs: inputsToWire(inputs),
    structured_schema: schema === undefined ? null : toStructuredJsonSchema(schema),
    queue: read.queue ?? true,
    stream,
    ...(callId === undefined ? {} : { call_id: callId }),
  };
}

/**
 * Reply inputs as data, checked here as a local agent checks them (the same errors, before
 * anything is sent): messages become their wire form, an input event goes as it was parsed.
 */
function inputsToWire(inputs: unknown): unknown {
  const sorted = sortInput(inputs);
  return sorted.kind === "msgs" ? sorted.msgs.map((msg) => msg.toJSON()) : sorted.event;
}

function resultMsg(end: AgentEndFrame): Msg {
  if (end.kind !== "result") throw unexpected(end, "reply");
  return Msg.fromJSON(end.msg);
}

function unexpected(end: AgentEndFrame, what: string): ActorscopeError {
  return new ActorscopeError(
    ErrorCode.INTERNAL,
    `A ${what} command ended with a '${end.kind}' frame, which does not answer it.`,
  );
}

function positive(value: number | undefined, key: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError("AgentRefOptions", [
      { path: key, message: "Expected a positive number" },
    ]);
  }
  return value;
}
