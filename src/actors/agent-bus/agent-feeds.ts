import type { Subscription } from "rxjs";
import type { Bus } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import { now } from "../../message/index.js";
import type { Agent } from "../agent/agent.js";
import type { ActorStatus, AgentTransition, StateValueData } from "./agent-transition.js";

/** Where an agent's feeds go, and what to send. */
export interface AgentFeedsOptions {
  readonly id: string;
  readonly eventsSubject: string;
  readonly stateSubject: string;
  /** Publish the statechart's transitions (default true). */
  readonly transitions: boolean;
}

/**
 * An agent's two feeds on the bus: every event of `agent.events$` on `as.agent.<id>.events`, in
 * order, and every transition of its statechart (one per event it processes, from XState's
 * inspection API: its state value after the event, the event's type, the time) on
 * `as.agent.<id>.state`. A publish that fails is never thrown into the agent: the first one on an
 * open bus (a payload the codec refuses) goes to `onFailure`, one on a closed bus is logged.
 */
export class AgentFeeds {
  readonly #bus: Bus;
  readonly #agent: Agent;
  readonly #options: AgentFeedsOptions;
  readonly #subscriptions: { unsubscribe(): void }[] = [];
  /** Publishes that failed (the first is logged at once, the count when the feeds stop). */
  #failed = 0;

  readonly #onFailure: (error: unknown) => void;

  constructor(
    bus: Bus,
    agent: Agent,
    options: AgentFeedsOptions,
    /** Told of the first publish that fails while the bus is open (a closed bus is no failure). */
    onFailure: (error: unknown) => void = () => undefined,
  ) {
    this.#bus = bus;
    this.#agent = agent;
    this.#options = options;
    this.#onFailure = onFailure;
  }

  /** Starts both feeds, and announces the agent (its state now) on the state feed. */
  start(spawnedType: string): void {
    const { eventsSubject } = this.#options;
    const events: Subscription = this.#agent.events$.subscribe((event) => {
      this.#publish(eventsSubject, event);
    });
    this.#subscriptions.push(events);
    if (!this.#options.transitions) return;
    const actor = this.#agent.actor;
    this.#subscriptions.push(
      actor.system.inspect((inspected) => {
        if (inspected.type !== "@xstate.snapshot" || inspected.actorRef !== actor) return;
        const snapshot = inspected.snapshot as { value?: unknown; status?: unknown };
        this.transition(inspected.event.type, snapshot.value, snapshot.status);
      }),
    );
    const snapshot = actor.getSnapshot();
    this.transition(spawnedType, snapshot.value, snapshot.status);
  }

  /** Publishes one transition record. */
  transition(eventType: string, value: unknown, status: unknown): void {
    if (!this.#options.transitions) return;
    const record: AgentTransition = {
      agent_id: this.#options.id,
      name: this.#agent.name,
      value: value as StateValueData,
      event_type: eventType,
      status: status as ActorStatus,
      created_at: now(),
    };
    this.#publish(this.#options.stateSubject, record);
  }

  /** Stops both feeds. */
  stop(): void {
    for (const subscription of this.#subscriptions.splice(0)) subscription.unsubscribe();
    if (this.#failed > 1) {
      getLogger().warn(
        `agent '${this.#options.id}': ${this.#failed} publishes of its feeds failed`,
      );
    }
    this.#failed = 0;
  }

  #publish(subject: string, payload: unknown): void {
    try {
      this.#bus.publish(subject, payload);
    } catch (error) {
      // The first one only: a closed bus would otherwise log every event of every reply.
      if (this.#failed++ > 0) return;
      if (!this.#bus.isClosed) {
        this.#onFailure(error);
        return;
      }
      getLogger().warn(`agent '${this.#options.id}': could not publish on ${subject}`, {
        error: String(error),
      });
    }
  }
}
