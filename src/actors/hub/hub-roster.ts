import { isObservable, type Subscription } from "rxjs";
import { getLogger } from "../../errors/index.js";
import type { Msg } from "../../message/index.js";
import type { AgentPort } from "../agent/agent-port.js";
import { HubError, HubErrorCode } from "./hub-error.js";
import type { HubPost } from "./hub-post.js";
import { SaidTracker } from "./said-tracker.js";

/** What a participant said (the end of one of its replies), for the hub to post. */
export type OnSaid = (port: AgentPort, said: Msg) => void;

interface Seat {
  readonly port: AgentPort;
  /** Its events, while the hub listens to what it says. */
  listening: Subscription | null;
  /** Logs a failed observe: one function per seat, so a delivery allocates no closure. */
  readonly failed: (error: unknown) => void;
}

/**
 * The participants of one hub member, in the order they joined, and the two things done with
 * them: listening to what each says, and handing a post to all but its sender.
 *
 * The list is copied on change (add, remove), never mutated, so a delivery under way goes on
 * over the list it started with, and the delivery loop is a plain loop over an array.
 */
export class HubRoster {
  readonly #hub: string;
  readonly #onSaid: OnSaid;
  readonly #seats = new Map<string, Seat>();
  /** The seats in joining order: what a delivery loops over. */
  #list: readonly Seat[] = [];
  #ports: readonly AgentPort[] = [];
  #listening = false;

  constructor(hub: string, onSaid: OnSaid) {
    this.#hub = hub;
    this.#onSaid = onSaid;
  }

  get ports(): readonly AgentPort[] {
    return this.#ports;
  }

  /**
   * Adds the agents not there yet (an id already there is skipped with a warning). All are
   * checked first: one that is not an agent adds none.
   */
  add(values: readonly unknown[]): void {
    const ports = values.map((value) => this.#check(value));
    const added: Seat[] = [];
    for (const port of ports) {
      if (this.#seats.has(port.id)) {
        getLogger().warn(`hub '${this.#hub}': agent '${port.id}' takes part already; skipped`);
        continue;
      }
      const seat: Seat = {
        port,
        listening: null,
        failed: (error) => {
          this.#failed(port, error);
        },
      };
      this.#seats.set(port.id, seat);
      if (this.#listening) this.#listen(seat);
      added.push(seat);
    }
    if (added.length > 0) this.#changed([...this.#list, ...added]);
  }

  /** Removes agents (given as agents or ids); one that does not take part is a warning. */
  remove(items: readonly (AgentPort | string)[]): void {
    let removed = false;
    for (const item of items) {
      const id = typeof item === "string" ? item : item.id;
      const seat = this.#seats.get(id);
      if (seat === undefined) {
        getLogger().warn(`hub '${this.#hub}': cannot find agent '${id}'; skipped its removal`);
        continue;
      }
      seat.listening?.unsubscribe();
      this.#seats.delete(id);
      removed = true;
    }
    if (removed) this.#changed(this.#list.filter((seat) => this.#seats.get(seat.port.id) === seat));
  }

  /** Starts or stops listening to what the participants say. */
  listen(on: boolean): void {
    if (on === this.#listening) return;
    this.#listening = on;
    for (const seat of this.#seats.values()) {
      if (on) this.#listen(seat);
      else {
        seat.listening?.unsubscribe();
        seat.listening = null;
      }
    }
  }

  /**
   * Hands `post` to every participant but its sender, in roster order. With `sink`, each
   * observe call's promise is collected there (a broadcast waits for them); otherwise a failure
   * is logged. One participant that fails, even synchronously, never keeps the others from it.
   */
  deliver(post: HubPost, sink?: Promise<void>[]): void {
    const { msgs } = post;
    // The sender's seat, found once per post: the loop compares seats, not id strings.
    const sender = post.sender === null ? undefined : this.#seats.get(post.sender);
    const list = this.#list;
    for (let i = 0; i < list.length; i++) {
      const seat = list[i] as Seat;
      if (seat === sender) continue;
      let observed: Promise<void>;
      try {
        observed = seat.port.observe(msgs);
      } catch (error) {
        observed = Promise.reject(asError(error));
      }
      if (sink !== undefined) sink.push(observed);
      else observed.then(undefined, seat.failed);
    }
  }

  /** Stops listening and lets every participant go. */
  close(): void {
    this.listen(false);
    this.#seats.clear();
    this.#changed([]);
  }

  #changed(list: readonly Seat[]): void {
    this.#list = list;
    this.#ports = list.map((seat) => seat.port);
  }

  #listen(seat: Seat): void {
    const { port } = seat;
    const tracker = new SaidTracker(port.name);
    seat.listening = port.events$.subscribe({
      next: (event) => {
        const said = tracker.take(event);
        if (said !== null) this.#onSaid(port, said);
      },
      error: (error: unknown) => {
        getLogger().warn(`hub '${this.#hub}': the events of agent '${port.id}' failed`, {
          error: String(error),
        });
      },
    });
  }

  #failed(port: AgentPort, error: unknown): void {
    getLogger().warn(`hub '${this.#hub}': agent '${port.id}' did not take a message`, {
      error: error instanceof Error ? error.message : String(error),
      ...(typeof error === "object" && error !== null && "code" in error
        ? { code: String(error.code) }
        : {}),
    });
  }

  #check(value: unknown): AgentPort {
    const port = value as Partial<AgentPort> | null;
    if (
      typeof port !== "object" ||
      port === null ||
      typeof port.id !== "string" ||
      typeof port.name !== "string" ||
      typeof port.observe !== "function" ||
      !isObservable(port.events$)
    ) {
      throw new HubError(
        HubErrorCode.HUB_INVALID_PARTICIPANT,
        this.#hub,
        `Hub '${this.#hub}': a participant must be an agent (an AgentPort with id, name, observe and events$), got ${describe(value)}.`,
      );
    }
    return port as AgentPort;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return value.constructor?.name ?? "an object";
}
