import { Subject, type Observable } from "rxjs";
import { Subjects } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import { newId, type Msg } from "../../message/index.js";
import type { AgentPort } from "../agent/agent-port.js";
import { BusTransport } from "./bus-transport.js";
import { HubError, HubErrorCode } from "./hub-error.js";
import { hubMsgs } from "./hub-msgs.js";
import type { HubPost } from "./hub-post.js";
import { HubRoster } from "./hub-roster.js";
import { LocalTransport, type HubTransport } from "./hub-transport.js";
import { readHubOptions, type HubWaitOptions, type MsgHubOptions } from "./msg-hub-options.js";
import { PostPump } from "./post-pump.js";
import { PostWaiters } from "./post-waiters.js";

const DELIVERY_TIMEOUT_MS = 30_000;
const GAP_TIMEOUT_MS = 5_000;

/**
 * AgentScope's `MsgHub`: a group of agents that hear each other. Each participant observes every
 * message of the others — the announcement, what `broadcast` sends, and (unless `autoBroadcast`
 * is off) each participant's reply, whoever asked for it — and never its own, all in one order
 * that every participant shares.
 *
 * Without a bus the hub lives in this process. With one, every process opens a member of the
 * hub under the same `name`; the members together are the hub (see `BusTransport`), and the one
 * order holds across all of them. An agent takes part through one member only (a local agent
 * in its own process, or an `agentRef` in another — not both, or it hears everything twice).
 *
 * Every participant holds the same frozen copy of a message (`freezeMsg`): delivering one to N
 * participants is N `observe` calls and no copies.
 *
 * @example
 * await using hub = await MsgHub.open({ participants: [alice, bob, carol], announcement: topic });
 * await alice.reply(); // bob and carol observe what Alice says
 * await bob.reply();   // alice and carol observe Bob
 */
export class MsgHub implements AsyncDisposable {
  /** The hub's name: on a bus, the members with one name are one hub. */
  readonly name: string;
  /** Settles when the hub is open: the announcement observed and, on a bus, its member live. */
  readonly ready: Promise<void>;
  readonly #roster: HubRoster;
  readonly #transport: HubTransport;
  readonly #waiters = new PostWaiters();
  readonly #posts = new Subject<HubPost>();
  readonly #pump = new PostPump((post) => {
    this.#deliverNow(post);
  });
  readonly #deliveryTimeoutMs: number;
  #autoBroadcast: boolean;
  #closed = false;

  constructor(options: MsgHubOptions) {
    options = readHubOptions(options);
    this.name = options.name ?? newId();
    this.#deliveryTimeoutMs = options.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.#autoBroadcast = options.autoBroadcast ?? true;
    const announcement =
      options.announcement === undefined || options.announcement === null
        ? null
        : hubMsgs(this.name, options.announcement);
    this.#roster = new HubRoster(this.name, (port, said) => {
      this.#said(port, said);
    });
    this.#roster.add(options.participants);
    this.#roster.listen(this.#autoBroadcast);
    this.#transport =
      options.bus === undefined
        ? new LocalTransport()
        : new BusTransport({
            bus: options.bus,
            subjects: options.subjects ?? new Subjects(),
            hub: this.name,
            gapTimeoutMs: options.gapTimeoutMs ?? GAP_TIMEOUT_MS,
          });
    // The announcement goes in first, here and now: an idle agent has it before its next reply.
    const announced: Promise<void>[] = [];
    if (announcement !== null) {
      this.#roster.deliver({ id: newId(), sender: null, msgs: announcement }, announced);
    }
    this.ready = Promise.all([...announced, this.#transport.open(this.#deliver)]).then(() => {
      // open ends in nothing
    });
    this.ready.catch((error: unknown) => {
      getLogger().warn(`hub '${this.name}' did not open`, { error: String(error) });
    });
  }

  /**
   * Opens a hub and waits until it is ready: AgentScope's `async with MsgHub(…)`. With
   * `await using`, leaving the block closes it.
   */
  static async open(options: MsgHubOptions): Promise<MsgHub> {
    const hub = new MsgHub(options);
    await hub.ready;
    return hub;
  }

  /** This member's participants, in the order they joined. */
  get participants(): readonly AgentPort[] {
    return [...this.#roster.ports];
  }

  /** Whether each participant's reply goes to the others. */
  get autoBroadcast(): boolean {
    return this.#autoBroadcast;
  }

  /**
   * Every post this member delivers, in the hub's order: participants' replies and broadcasts
   * (not the announcement, delivered before anyone could subscribe). Hot; completes on `close`.
   */
  get posts$(): Observable<HubPost> {
    return this.#posts.asObservable();
  }

  /**
   * Sends message(s) to every participant of the hub (AgentScope's `broadcast`): `Msg`s or their
   * JSON, user or assistant, without tool calls, tool results or thinking (else
   * `HUB_INVALID_MESSAGE`, and nothing is sent). Resolves once this member's participants have
   * observed them (rejects with the first observe error); on a bus, once they came back in the
   * hub's order (bounded by `timeoutMs`).
   */
  async broadcast(msg: unknown, options: HubWaitOptions = {}): Promise<void> {
    this.#assertOpen("broadcast");
    const post: HubPost = { id: newId(), sender: null, msgs: hubMsgs(this.name, msg) };
    this.#waiters.sent(post.id);
    const delivered = this.#waiters.waitFor(
      post.id,
      `hub '${this.name}' broadcast`,
      options.timeoutMs ?? this.#deliveryTimeoutMs,
      options.signal,
      true,
    );
    this.#send(post);
    await Promise.all(await delivered);
  }

  /**
   * Waits until every post this member has sent so far (its participants' replies, its
   * broadcasts) was delivered to its participants. Without a bus that is at once; on a bus it is
   * how turns are taken: `await alice.reply(); await hub.flush(); await bob.reply()`.
   */
  async flush(options: HubWaitOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? this.#deliveryTimeoutMs;
    const what = `hub '${this.name}' flush`;
    await Promise.all(
      this.#waiters
        .pending()
        .map((id) => this.#waiters.waitFor(id, what, timeoutMs, options.signal, false)),
    );
  }

  /** Adds agents (one or several) that are not taking part yet; AgentScope's `add`. */
  add(agents: AgentPort | readonly AgentPort[]): void {
    this.#assertOpen("add");
    this.#roster.add(Array.isArray(agents) ? agents : [agents]);
  }

  /**
   * Removes agents (one or several, as agents or ids); AgentScope's `delete`. One that does not
   * take part is a logged warning. A removed agent's reply under way no longer goes to the hub.
   */
  remove(agents: AgentPort | string | readonly (AgentPort | string)[]): void {
    this.#assertOpen("remove");
    this.#roster.remove(Array.isArray(agents) ? agents : [agents]);
  }

  /** Turns the broadcast of each participant's reply on or off; AgentScope's `set_auto_broadcast`. */
  setAutoBroadcast(enable: boolean): void {
    this.#assertOpen("setAutoBroadcast");
    this.#autoBroadcast = enable;
    this.#roster.listen(enable);
  }

  /**
   * Closes this member: it stops listening to its participants and delivering to them (what
   * they observed stays theirs). Waits in `broadcast` and `flush` reject with `HUB_CLOSED`.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#pump.close();
    this.#roster.close();
    this.#waiters.close(
      new HubError(HubErrorCode.HUB_CLOSED, this.name, `Hub '${this.name}' was closed.`),
    );
    await this.#transport.close();
    this.#posts.complete();
  }

  /** `await using hub = …` closes the hub when the block ends. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** A participant said something: it goes to the others. */
  #said(port: AgentPort, said: Msg): void {
    if (this.#closed || !this.#autoBroadcast) return;
    const post: HubPost = { id: newId(), sender: port.id, msgs: Object.freeze([said]) };
    this.#waiters.sent(post.id);
    this.#send(post);
  }

  #send(post: HubPost): void {
    this.#transport.send(post).catch((error: unknown) => {
      if (this.#closed) return;
      this.#waiters.failed(post.id, error);
      getLogger().warn(`hub '${this.name}': a post could not be sent`, {
        post: post.id,
        sender: post.sender,
        error: String(error),
      });
    });
  }

  /** A post in the hub's order: delivered in its turn (see `PostPump`). */
  readonly #deliver = (post: HubPost): void => {
    if (!this.#closed) this.#pump.push(post);
  };

  /** Every participant but the post's sender observes it. */
  #deliverNow(post: HubPost): void {
    if (this.#closed) return;
    this.#waiters.arrive(post.id, (sink) => {
      this.#roster.deliver(post, sink);
    });
    this.#posts.next(post);
  }

  #assertOpen(what: string): void {
    if (this.#closed) {
      throw new HubError(
        HubErrorCode.HUB_CLOSED,
        this.name,
        `Hub '${this.name}' is closed; ${what} needs an open hub.`,
      );
    }
  }
}
