import type { Observable } from "rxjs";
import { type Actor, type InspectionEvent, type Observer } from "xstate";
import { ValidationError } from "../../errors/index.js";
import type { AgentOffloader, ContextConfigInput } from "../../context/index.js";
import { newId, type AgentEvent, type HintBlock, type Msg } from "../../message/index.js";
import type { AgentMachine, InjectionConfigInput, ReActConfigInput } from "../../machines/index.js";
import type { AgentMiddleware } from "../../middleware/index.js";
import type { ChatModel } from "../../model/index.js";
import { PermissionEngine } from "../../permission/index.js";
import {
  AgentState,
  SessionError,
  SessionErrorCode,
  assertUniqueToolCallIds,
  type AgentStateInput,
  type StoredSession,
} from "../../state/index.js";
import { Toolkit } from "../../tools/index.js";
import { AgentChains } from "./agent-chains.js";
import { resolveConfigs, type AgentConfigs } from "./agent-config.js";
import { readAgentOptions, type ReplyOptions } from "./agent-options.js";
import type { AgentPort } from "./agent-port.js";
import { AgentRuntime } from "./agent-runtime.js";
import { compressContext } from "./compression.js";
import type { ModelConfigInput } from "./model-config.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";
import { sessionSaver, type AgentSessionOptions } from "./session-saver.js";
import { startStatechart } from "./statechart-start.js";

export type { AgentOffloader } from "../../context/index.js";
export type { ReplyOptions, StructuredSchemaInput } from "./agent-options.js";
export type { AgentSessionOptions } from "./session-saver.js";

/** Options of {@link Agent}. Configs are camelCase code; state and events keep wire names. */
export interface AgentOptions {
  /**
   * A stable id besides the name (default: a new one). It is the statechart actor's XState id
   * and `systemId`, so an inspector shows each agent apart.
   */
  id?: string | undefined;
  name: string;
  systemPrompt: string;
  model: ChatModel;
  toolkit?: Toolkit | undefined;
  /** The agent's state (restored from JSON to resume a parked reply); a new one by default. */
  state?: AgentState | AgentStateInput | undefined;
  offloader?: AgentOffloader | null | undefined;
  middlewares?: readonly AgentMiddleware<Agent>[] | undefined;
  modelConfig?: ModelConfigInput | undefined;
  contextConfig?: ContextConfigInput | undefined;
  reactConfig?: ReActConfigInput | undefined;
  injectionConfig?: InjectionConfigInput | undefined;
  /** Passed to XState's `createActor`: the local inspector or the Stately inspector. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;
  /**
   * Where the agent saves itself (its state and statechart snapshot) at every park and every
   * reply end, before the caller hears of it; stored under the agent's `id`, which must be given.
   * `Agent.fromSession` loads one back.
   */
  session?: AgentSessionOptions | undefined;
}

/**
 * An AgentScope agent as an XState actor: a ReAct loop (reason with the model, act with tools,
 * ask the user when the permission engine says so) whose every event is streamed.
 *
 * This class is the agent's facade: it wires the parts together and takes the calls. What the
 * agent holds while it runs, and the work of its statechart, is its runtime (`agent-runtime.ts`
 * and the modules of each concern beside it); its mailbox is the `ReplyDesk`.
 *
 * @example
 * const agent = new Agent({ name: "Friday", systemPrompt: "You are helpful.", model });
 * for await (const event of agent.replyStream(new UserMsg({ name: "user", content: "hi" }))) {
 *   if (event.type === "TEXT_BLOCK_DELTA") process.stdout.write(event.delta);
 * }
 */
export class Agent implements AgentPort {
  /** The agent's stable id (given, or minted when it was built); every event it emits carries it as `agent_id`. */
  readonly id: string;
  readonly name: string;
  systemPrompt: string;
  /** The running statechart; `actor.getSnapshot().value` is the loop's state name. */
  readonly actor: Actor<AgentMachine>;
  readonly #rt: AgentRuntime;

  constructor(options: AgentOptions) {
    options = readAgentOptions(options);
    this.id = options.id ?? newId();
    this.name = options.name;
    this.systemPrompt = options.systemPrompt;
    const state =
      options.state instanceof AgentState ? options.state : new AgentState(options.state ?? {});
    const session = options.session === undefined ? null : sessionSaver(options, this.id, state);
    // A state built as an AgentState may have changed since: its parked calls are checked again.
    assertUniqueToolCallIds(state);
    const engine = new PermissionEngine(state.permission_context);
    // The engine parses its own copy: make the state hold that live object, so rules it adds persist.
    state.permission_context = engine.context;
    this.#rt = new AgentRuntime({
      agent: this,
      id: this.id,
      name: this.name,
      model: options.model,
      toolkit: options.toolkit ?? new Toolkit(),
      offloader: options.offloader ?? null,
      configs: resolveConfigs(options),
      engine,
      chains: AgentChains.of(options.middlewares ?? [], this),
      state,
      session,
    });
    this.actor = startStatechart(this.#rt, options.inspect);
  }

  /**
   * The agent of a stored session (`options.session` names it, under `options.id`): its state is
   * loaded, so a reply that was parked when its process died can be resumed at once (a
   * `UserConfirmResultEvent` or `ExternalExecutionResultEvent`). A session not stored yet starts
   * with a new state, created at the first save.
   *
   * @example
   * const agent = await Agent.fromSession({
   *   id: "friday", name: "Friday", systemPrompt, model, toolkit,
   *   session: { storage: new FileSessionStorage("./sessions"), userId: "alice", sessionId: "s1" },
   * });
   */
  static async fromSession(
    options: AgentOptions & { session: AgentSessionOptions & { sessionId: string } },
  ): Promise<Agent> {
    const read = readAgentOptions(options);
    const { storage, userId, sessionId } = read.session;
    if (read.state !== undefined || read.session.revision !== undefined) {
      throw new ValidationError("Agent options", [
        {
          path: read.state === undefined ? "session.revision" : "state",
          message: "Loaded from the session: leave it out",
        },
      ]);
    }
    if (typeof sessionId !== "string" || sessionId === "") {
      throw new ValidationError("Agent options", [
        { path: "session.sessionId", message: "Expected a non-empty string" },
      ]);
    }
    const id = read.id ?? "";
    let stored: StoredSession | null = null;
    try {
      stored = await storage.getSession(userId, id, sessionId);
    } catch (error) {
      if (!(error instanceof SessionError && error.code === SessionErrorCode.SESSION_NOT_FOUND))
        throw error;
    }
    if (stored === null) return new Agent(read);
    return new Agent({
      ...read,
      state: AgentState.fromJSON(stored.state),
      session: { ...read.session, revision: stored.revision },
    });
  }

  /**
   * Saves the agent to its session now (it saves by itself at every park and reply end; this is
   * for what changed in between, such as observed messages). Not while a reply runs; resolves
   * with the session's new revision.
   */
  saveSession(): Promise<number> {
    const saver = this.#rt.session;
    if (saver === null) {
      return Promise.reject(
        new ValidationError("Agent options", [
          { path: "session", message: `Agent '${this.name}' has no session to save to` },
        ]),
      );
    }
    if (this.#rt.desk.busy) {
      return Promise.reject(
        new ReplyInputError(
          ReplyInputErrorCode.BUSY,
          `Agent '${this.name}' is replying; save its session when it is idle.`,
        ),
      );
    }
    return saver.checkpoint(this.#rt);
  }

  get model(): ChatModel {
    return this.#rt.model;
  }

  get toolkit(): Toolkit {
    return this.#rt.toolkit;
  }

  get offloader(): AgentOffloader | null {
    return this.#rt.offloader;
  }

  get configs(): AgentConfigs {
    return this.#rt.configs;
  }

  /** The permission engine, bound to `state.permission_context`. */
  get engine(): PermissionEngine {
    return this.#rt.engine;
  }

  /** Every event of every reply of this agent, as it is streamed (hot: late subscribers miss earlier events). */
  get events$(): Observable<AgentEvent> {
    return this.#rt.events$;
  }

  /** The agent's state: JSON-serialisable with `JSON.stringify(agent.state)`. */
  get state(): AgentState {
    return this.#rt.state;
  }

  /** Replaces the state (not while a reply runs); the permission engine follows it. */
  set state(next: AgentState) {
    if (this.#rt.desk.busy) {
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.name}' is replying; set its state when it is idle.`,
      );
    }
    if (!(next instanceof AgentState)) {
      throw new ValidationError("Agent state", [{ path: "", message: "Expected an AgentState" }]);
    }
    assertUniqueToolCallIds(next);
    this.#rt.state = next;
    // Unlike the reference (whose engine stays on the old context), rules follow the new state.
    const engine = new PermissionEngine(next.permission_context);
    Object.assign(this.engine.context, engine.context);
    next.permission_context = this.engine.context;
    this.#rt.desk.flushObserved();
  }

  /**
   * Replies to the input and returns the final message (spec §3.2). A parked reply returns the
   * "waiting" message; resume it with a `UserConfirmResultEvent` or `ExternalExecutionResultEvent`.
   * One reply at a time, in call order: a call while another reply runs (or is being prepared)
   * waits for it and the calls queued before it (its input is checked at once); with
   * `{ queue: false }` it is refused at once with `ReplyInputError` `REPLY_BUSY`. A
   * `UserInterruptEvent` then interrupts the running one.
   *
   * @example
   * const one = agent.reply(new UserMsg({ name: "user", content: "one" }));
   * const two = agent.reply(new UserMsg({ name: "user", content: "two" })); // runs after `one`
   */
  reply(inputs?: unknown, options: ReplyOptions = {}): Promise<Msg> {
    return this.#rt.desk.reply(inputs, options);
  }

  /**
   * Replies to the input, streaming its events (spec §2); the call takes its turn when iteration
   * starts (queued as `reply` is) and yields nothing while it waits. Stopping early interrupts the
   * reply and waits (within the interrupt grace) until the agent is at rest again; stopping it
   * while it waits takes it out of the queue (nothing runs).
   */
  replyStream(
    inputs?: unknown,
    options: ReplyOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    return this.#rt.desk.stream(inputs, options);
  }

  /**
   * The reply's events, then its final message (AgentScope's `reply_stream(yield_final_msg=True)`):
   * what an agent on the bus sends its caller, so that the caller gets the same message `reply`
   * returns. Takes its turn, and stops early, as `replyStream` does.
   */
  replyItems(
    inputs?: unknown,
    options: ReplyOptions = {},
  ): AsyncGenerator<AgentEvent | Msg, void, undefined> {
    return this.#rt.desk.stream(inputs, options, true);
  }

  /**
   * Adds messages to the context without replying (no model call, no events). Invalid messages
   * are refused at once. While the agent is idle they are appended at once; during a reply, or
   * while a reply is parked on tool calls, they wait (in order) until it ends — before the next
   * queued reply starts — so they never land between a tool call and its result. Resolves once they are accepted: appended, or queued with
   * their media replaced (a parked reply may wait for its user for a long time).
   */
  observe(msgs: unknown): Promise<void> {
    return this.#rt.desk.observe(msgs);
  }

  /**
   * Interrupts the agent now, ahead of queued replies: a running reply stops its model call or
   * tools and ends with REPLY_END(interrupted); a parked reply is closed the same way; a reply
   * still being prepared is interrupted as soon as it starts. Queued replies then run in order.
   * Idle, or already closing a parked reply: nothing happens.
   */
  interrupt(): Promise<void> {
    return this.#rt.desk.interrupt();
  }

  /**
   * Compresses the context on demand (spec §8.2), through the `onCompressContext` chain; the
   * loop runs the same before a reasoning step that may be over the trigger. `contextConfig`
   * overrides the agent's for this call; `instructions` are added to the summary request.
   */
  async compressContext(
    contextConfig?: ContextConfigInput,
    instructions: HintBlock | null = null,
  ): Promise<void> {
    await compressContext(this.#rt, {
      contextConfig: contextConfig ?? this.configs.contextConfig,
      instructions,
    });
  }
}
