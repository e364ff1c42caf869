import { Subject, type Observable, type Subscription } from "rxjs";
import type { Bus, BusMessage } from "../../bus/index.js";
import { getLogger, ValidationError, type ActorscopeError } from "../../errors/index.js";
import { Msg } from "../../message/index.js";
import type { Agent, ReplyOptions } from "../agent/agent.js";
import { AgentBusCommandSchema, type AgentBusCommand } from "./agent-bus-command.js";
import { AgentBusError, AgentBusErrorCode } from "./agent-bus-error.js";
import { AgentFailureSource, agentFailure } from "./agent-failure.js";
import { AgentFrameKind } from "./agent-bus-frame.js";
import { AgentFeeds } from "./agent-feeds.js";
import { AgentPresenceEventType, type AgentDescription } from "./agent-transition.js";
import { ServerCall } from "./server-call.js";

type BusReplyCommand = Extract<AgentBusCommand, { type: "reply" }>;

/** How an agent is served (see `SpawnAgentOptions`; every field resolved). */
export interface AgentServerOptions {
  readonly id: string;
  readonly inSubject: string;
  readonly eventsSubject: string;
  readonly stateSubject: string;
  readonly heartbeatMs: number;
  readonly drainTimeoutMs: number;
  readonly transitions: boolean;
}

const DONE = { kind: AgentFrameKind.DONE } as const;

/**
 * Serves one agent on the bus: takes the commands of `as.agent.<id>.in` (validated on arrival
 * by the bus: a malformed one gets a `VALIDATION_FAILED` error reply, or a warning when it
 * expects none) and hands each to the agent **in the same step as it arrives**, so the agent's
 * mailbox orders them as they arrived; answers each with its frames (`ServerCall`), beating
 * while a command is not over; and runs the agent's feeds (`AgentFeeds`). What fails where no
 * caller can be told — its command subscription, the serving code, a feed, its statechart — goes
 * to `failures$` (for a supervising runtime), never into the process; a failure that leaves it
 * unable to serve (the subscription or the statechart) also stops it.
 */
export class AgentServer {
  readonly #bus: Bus;
  readonly #agent: Agent;
  readonly #options: AgentServerOptions;
  readonly #feeds: AgentFeeds;
  #subscription: Subscription | null = null;
  #statechart: { unsubscribe(): void } | null = null;
  readonly #failures = new Subject<ActorscopeError>();
  /** The commands not over yet (they get heartbeats). */
  readonly #calls = new Set<ServerCall>();
  /** Streamed replies by `call_id`: how a `cancel` finds them. */
  readonly #streams = new Map<string, () => void>();
  #ticker: ReturnType<typeof setInterval> | null = null;
  /** Wakes `stop()` when the last command is over. */
  #onIdle: (() => void) | null = null;
  #stopping: Promise<void> | null = null;

  constructor(bus: Bus, agent: Agent, options: AgentServerOptions) {
    this.#bus = bus;
    this.#agent = agent;
    this.#options = options;
    this.#feeds = new AgentFeeds(bus, agent, options, (error) => {
      this.#fail(AgentFailureSource.FEEDS, error);
    });
  }

  /** Failures outside any caller's command (see the class); hot, completes once it stopped. */
  get failures$(): Observable<ActorscopeError> {
    return this.#failures.asObservable();
  }

  /** Whether `stop()` was called (or the bus closed). */
  get stopped(): boolean {
    return this.#stopping !== null;
  }

  /** Starts the feeds and takes commands (live once the bus is flushed). */
  start(): void {
    this.#feeds.start(AgentPresenceEventType.SPAWNED);
    this.#subscription = this.#bus
      .subscribe(this.#options.inSubject, { schema: AgentBusCommandSchema, what: "agent command" })
      .subscribe({
        next: (message) => {
          try {
            this.#take(message);
          } catch (error) {
            this.#fail(AgentFailureSource.SERVING, error);
          }
        },
        error: (error: unknown) => {
          this.#fail(AgentFailureSource.COMMANDS, error);
          void this.stop();
        },
        complete: () => {
          // The bus closed: nothing can be published any more, and nothing is to be waited for.
          this.#feeds.stop();
          void this.stop();
        },
      });
    // An error observer also keeps XState from rethrowing the error out of the process.
    this.#statechart = this.#agent.actor.subscribe({
      error: (error: unknown) => {
        this.#fail(AgentFailureSource.STATECHART, error);
        void this.stop();
      },
    });
  }

  /** Who the agent is and where its statechart is now. */
  describe(): AgentDescription {
    const snapshot = this.#agent.actor.getSnapshot();
    return {
      id: this.#options.id,
      name: this.#agent.name,
      value: snapshot.value,
      status: snapshot.status,
    };
  }

  /**
   * Stops taking commands, waits for the ones not over (bounded by `drainTimeoutMs`), answers
   * those still running with `AGENT_STOPPED`, and stops the feeds. The agent itself is left as
   * it is (a reply still running goes on, locally).
   */
  stop(): Promise<void> {
    this.#stopping ??= this.#drain();
    return this.#stopping;
  }

  async #drain(): Promise<void> {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#options.drainTimeoutMs);
    });
    // Once the server knows the subscription is gone, a command from any process meets
    // "no responders" rather than an agent that no longer listens. (A closed bus has no
    // subscription left to forget: its refusal to flush says nothing more.)
    await Promise.race([deadline, this.#bus.flush().catch(() => undefined)]);
    // On a closed bus nobody can be answered any more: no wait.
    if (this.#calls.size > 0 && !this.#bus.isClosed) {
      await Promise.race([deadline, new Promise<void>((resolve) => (this.#onIdle = resolve))]);
      this.#onIdle = null;
    }
    clearTimeout(timer);
    const stopped = new AgentBusError(
      AgentBusErrorCode.AGENT_STOPPED,
      this.#options.id,
      `Agent '${this.#options.id}' stopped serving on the bus before the command was over; it may still take effect there.`,
    );
    for (const call of this.#calls) call.fail(stopped);
    this.#calls.clear();
    this.#streams.clear();
    this.#stopTicker();
    if (!this.#bus.isClosed) {
      const snapshot = this.#agent.actor.getSnapshot();
      this.#feeds.transition(AgentPresenceEventType.STOPPED, snapshot.value, snapshot.status);
    }
    this.#feeds.stop();
    this.#statechart?.unsubscribe();
    this.#statechart = null;
    this.#failures.complete();
  }

  /** A failure nobody's command will carry: to `failures$`, or logged when nobody watches. */
  #fail(source: AgentFailureSource, error: unknown): void {
    const failure = agentFailure(this.#options.id, source, error);
    if (this.#failures.observed) this.#failures.next(failure);
    else getLogger().error(failure.message, { error: { code: failure.code, ...failure.data } });
  }

  /** One command, handed to the agent now (its mailbox decides the order from here). */
  #take(message: BusMessage<AgentBusCommand>): void {
    const command = message.data;
    if (command.type === "cancel") {
      this.#streams.get(command.call_id)?.();
      return;
    }
    const call = new ServerCall(message, this.#options.id, command.type);
    call.accept(this.#options.heartbeatMs);
    this.#track(call);
    try {
      switch (command.type) {
        case "describe":
          call.end({ kind: AgentFrameKind.DESCRIPTION, description: this.describe() });
          break;
        case "observe":
          this.#settle(call, this.#agent.observe(command.msgs));
          break;
        case "interrupt":
          this.#settle(call, this.#agent.interrupt());
          break;
        case "reply":
          if (command.stream) this.#stream(call, command);
          else this.#settle(call, this.#agent.reply(command.inputs, replyOptions(command)));
          break;
      }
    } catch (error) {
      call.fail(error);
    }
    if (call.ended) this.#untrack(call);
  }

  /** Answers with the command's outcome: a reply's final message, or `done`. */
  #settle(call: ServerCall, outcome: Promise<unknown>): void {
    outcome.then(
      (value) => {
        if (value instanceof Msg) call.end({ kind: AgentFrameKind.RESULT, msg: value.toJSON() });
        else call.end(DONE);
        this.#untrack(call);
      },
      (error: unknown) => {
        call.fail(error);
        this.#untrack(call);
      },
    );
  }

  /** A streamed reply: `agent.replyItems`, taking its turn now, its events sent as they come. */
  #stream(call: ServerCall, command: BusReplyCommand): void {
    const callId = command.call_id ?? "";
    if (this.#streams.has(callId)) {
      throw new ValidationError("agent command", [
        { path: "call_id", message: `A streamed reply with call_id '${callId}' is running` },
      ]);
    }
    const items = this.#agent.replyItems(command.inputs, replyOptions(command));
    let received = false;
    let cancelled = false;
    // Stopped as a local consumer stops a stream: before its first item it leaves the queue;
    // after, its reply (which holds the agent) is interrupted, and the stream is let go at its
    // next item (an async generator takes `return()` only between items).
    this.#streams.set(callId, () => {
      if (cancelled) return;
      cancelled = true;
      const stopping = received ? this.#agent.interrupt() : items.return();
      stopping.catch((error: unknown) => {
        this.#fail(AgentFailureSource.SERVING, error);
      });
    });
    const pump = async (): Promise<void> => {
      let final: Msg | null = null;
      for (;;) {
        const item = await items.next();
        if (item.done === true) break;
        received = true;
        if (cancelled) {
          await items.return();
          break;
        }
        if (item.value instanceof Msg) final = item.value;
        else call.send({ kind: AgentFrameKind.EVENT, event: item.value });
      }
      if (final === null || cancelled) call.end(DONE);
      else call.end({ kind: AgentFrameKind.RESULT, msg: final.toJSON() });
    };
    void pump()
      .catch((error: unknown) => {
        call.fail(error);
      })
      .finally(() => {
        this.#streams.delete(callId);
        this.#untrack(call);
      });
  }

  #track(call: ServerCall): void {
    this.#calls.add(call);
    if (this.#ticker !== null) return;
    this.#ticker = setInterval(() => {
      for (const each of this.#calls) each.tick();
    }, this.#options.heartbeatMs);
    // Heartbeats alone never keep a process alive: the commands' own work does.
    this.#ticker.unref();
  }

  #untrack(call: ServerCall): void {
    if (!this.#calls.delete(call) || this.#calls.size > 0) return;
    this.#stopTicker();
    this.#onIdle?.();
  }

  #stopTicker(): void {
    if (this.#ticker === null) return;
    clearInterval(this.#ticker);
    this.#ticker = null;
  }
}

/** The options of the agent call a bus `reply` command stands for. */
function replyOptions(command: BusReplyCommand): ReplyOptions {
  return command.structured_schema === null
    ? { queue: command.queue }
    : { queue: command.queue, structuredSchema: command.structured_schema };
}
