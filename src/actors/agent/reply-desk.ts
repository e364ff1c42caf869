import { AbortedError, getLogger } from "../../errors/index.js";
import { Msg, createEvent, type AgentEvent } from "../../message/index.js";
import type { ReplyItem } from "../../middleware/index.js";
import { readReplyOptions, type ReplyOptions } from "./agent-options.js";
import {
  replyCommand,
  type DeskCommand,
  type DeskInterruptCommand,
  type DeskObserveCommand,
  type DeskReplyCommand,
} from "./desk-command.js";
import { ObserveInbox } from "./observe-inbox.js";
import {
  readReplyCall,
  type Claim,
  type PendingStructured,
  type ReplyCall,
} from "./reply-claim.js";
import type { ReplyDeskHost } from "./reply-desk-host.js";
import { drive, interruptRun, settle, type DriverDesk } from "./reply-driver.js";
import {
  checkReplyId,
  isInterruptEvent,
  requestFor,
  sortInput,
  validateMsgs,
} from "./reply-input.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";
import { QueuedReply, ReplyQueue } from "./reply-queue.js";
import { ReplyRun, type RunEnd } from "./reply-run.js";
import { ReplyStream, noEvents, type StreamTurn } from "./reply-stream.js";
import { checkpointRun } from "./session-saver.js";

export type { ReplyDeskHost } from "./reply-desk-host.js";
export type { DeskCommand } from "./desk-command.js";
export type { PendingStructured } from "./reply-claim.js";
type Items = AsyncGenerator<ReplyItem, void, undefined>;

/**
 * Where an agent's commands come in — replies, streams, observed messages and interrupts — and
 * the one place that decides their order (every public call is one {@link DeskCommand} through
 * {@link ReplyDesk.dispatch}). It owns the reply in progress ({@link ReplyRun}) and keeps four
 * promises:
 * - **one reply at a time, in call order**: a call checks its input and claims the agent in one
 *   synchronous step (nothing is awaited before the claim); a call meanwhile waits in a FIFO
 *   queue (its input checked when it is queued, its fit with the state when its turn comes), or
 *   is refused at once with `REPLY_BUSY` if it asked `{ queue: false }`; the claim is released
 *   only once the machine is at rest for it (a stopped stream waits for that, bounded by the
 *   interrupt grace), so a reply never meets a machine still busy with an old one;
 * - **no interrupt is lost, and it jumps the queue**: it reaches the running reply now; one that
 *   arrives while a reply is being prepared follows it into the machine; one for a parked reply
 *   closes it; a second one has nothing more to do. Queued replies then run in order;
 * - **observed messages never land inside a reply**: they wait in an {@link ObserveInbox} until
 *   the agent is at rest (no reply running, none parked) and then go in, in order, before the
 *   next queued reply starts;
 * - **no call is lost or hangs**: each queued call is settled when its turn comes (a stopped
 *   statechart refuses it with `ABORTED`); a queued stream stopped early leaves the queue.
 */
export class ReplyDesk implements DriverDesk {
  /** The agent (its runtime). */
  readonly host: ReplyDeskHost;
  /** Whether the events reach `events$` through an `onReply` chain. */
  readonly #chained: boolean;
  #run: ReplyRun | null = null;
  /** Reply calls waiting for their turn, in call order. */
  readonly #queue = new ReplyQueue<QueuedReply<ReplyCall, Claim>>();
  /** Messages observed while the agent could not take them. */
  readonly #inbox = new ObserveInbox();
  /** The structured schema of the reply about to begin (checked when it was claimed). */
  #structured: PendingStructured | null = null;

  constructor(host: ReplyDeskHost) {
    this.host = host;
    this.#chained = host.onReply.length > 0;
  }

  /** Whether a reply holds the agent (running, being prepared, or ending) or waits for it. */
  get busy(): boolean {
    return this.#run !== null || !this.#queue.isEmpty;
  }

  /** Whether this run holds the agent (see `DriverDesk`). */
  holds(run: ReplyRun): boolean {
    return this.#run === run;
  }

  /** The structured schema of the reply handed to the machine now (see `DriverDesk`). */
  beginStructured(structured: PendingStructured | null): void {
    this.#structured = structured;
  }

  /** The structured schema of the reply that begins now (taken once, by the machine's `beginReply`). */
  takeStructured(): PendingStructured | null {
    const structured = this.#structured;
    this.#structured = null;
    return structured;
  }

  /**
   * A step of the running reply failed (a machine action threw): the reply is interrupted at once
   * (its work must not run on) and ends with the error once the machine is at rest. False when
   * no reply runs.
   */
  failStep(error: unknown): boolean {
    const run = this.#run;
    if (run === null) return false;
    run.failure ??= { error };
    run.interruptRequested = true;
    return true;
  }

  /**
   * Takes one command: a reply resolves with its final message, observe and interrupt with
   * nothing. Commands parsed from data (`parseAgentCommand`) go in as they are.
   */
  dispatch(command: DeskReplyCommand): Promise<Msg>;
  dispatch(command: DeskObserveCommand | DeskInterruptCommand): Promise<undefined>;
  dispatch(command: DeskCommand): Promise<Msg | undefined>;
  dispatch(command: DeskCommand): Promise<Msg | undefined> {
    switch (command.type) {
      case "reply":
        return this.#reply(command);
      case "observe":
        return this.#observe(command.msgs).then(() => undefined);
      case "interrupt":
        return this.#interrupt().then(() => undefined);
    }
  }

  /** `Agent.reply`: one `reply` command. */
  async reply(inputs: unknown, options: ReplyOptions): Promise<Msg> {
    return this.dispatch(replyCommand(inputs, readReplyOptions(options)));
  }

  /** `Agent.replyStream` (with `withFinal`, `Agent.replyItems`: the final message last): a `reply` command whose events are streamed, taking its turn when iteration starts. */
  stream(inputs: unknown, options: ReplyOptions): AsyncGenerator<AgentEvent, void, undefined>;
  stream(inputs: unknown, options: ReplyOptions, withFinal: true): Items;
  stream(inputs: unknown, options: ReplyOptions, withFinal = false): Items {
    const open = () => this.#openStream(replyCommand(inputs, readReplyOptions(options)), withFinal);
    return new ReplyStream(open);
  }

  /** `Agent.observe`: one `observe` command. */
  observe(msgs: unknown): Promise<void> {
    return this.dispatch({ type: "observe", msgs });
  }

  /** `Agent.interrupt`: one `interrupt` command. */
  interrupt(): Promise<void> {
    return this.dispatch({ type: "interrupt" });
  }

  async #observe(msgs: unknown): Promise<void> {
    const list = validateMsgs(msgs instanceof Msg ? [msgs] : Array.isArray(msgs) ? msgs : [msgs]);
    const prepared = this.host.replaceMedia(list);
    if (prepared === null && this.#inbox.isEmpty && this.#takesObserved()) {
      this.host.state.context.push(...list);
      return;
    }
    await this.#inbox.add(list, prepared, () => {
      this.#advance();
    });
  }

  async #interrupt(): Promise<void> {
    const run = this.#run;
    if (run !== null) {
      interruptRun(this, run);
      return;
    }
    if (!this.host.state.hasAwaitingToolCalls(this.host.name)) return;
    const event = createEvent("USER_INTERRUPT", { reply_id: this.host.state.replyId });
    const claim = await this.#take({ type: "reply", inputs: event }, true);
    if (claim === null) return;
    for await (const _ of drive(this, claim)) {
      // events reach events$
    }
  }

  async #reply(command: DeskReplyCommand): Promise<Msg> {
    // Through an `onReply` chain the call takes the reply's events (the chain may change them).
    const claim = await this.#take(command, this.#chained);
    let final: Msg | null = null;
    if (claim !== null) {
      if (this.#chained) {
        for await (const item of drive(this, claim)) if (item instanceof Msg) final = item;
      } else {
        final = await settle(this, claim);
      }
    }
    if (final === null) {
      throw new ReplyInputError(
        ReplyInputErrorCode.NO_FINAL_MESSAGE,
        "Agent did not produce a final message.",
      );
    }
    return final;
  }

  /** A stream's turn: its events now, or a wait in the queue it can leave. */
  #openStream(command: DeskReplyCommand, withFinal: boolean): StreamTurn<ReplyItem> {
    const admitted = this.#admit(command, true);
    const items = (claim: Claim | null) =>
      claim === null ? noEvents() : this.#items(claim, withFinal);
    if (admitted instanceof QueuedReply) {
      return {
        kind: "queued",
        turn: admitted.turn.then(items),
        cancel: () => {
          admitted.cancel();
        },
      };
    }
    return { kind: "now", events: items(admitted) };
  }

  async *#items(claim: Claim, withFinal: boolean): Items {
    for await (const item of drive(this, claim))
      if (withFinal || !(item instanceof Msg)) yield item;
  }

  /** The call's claim: now (the same step as the call), or once its turn comes. */
  #take(command: DeskReplyCommand, streamed: boolean): Claim | null | Promise<Claim | null> {
    const admitted = this.#admit(command, streamed);
    return admitted instanceof QueuedReply ? admitted.turn : admitted;
  }

  /**
   * Where the order of replies is decided, in one synchronous step: a reply call claims the
   * agent now, joins the queue, interrupts the running reply (a `UserInterruptEvent`), or is
   * refused (`REPLY_BUSY` for `{ queue: false }`, or its input is invalid: nothing is queued).
   * Null when there is nothing to do.
   */
  #admit(
    command: DeskReplyCommand,
    streamed: boolean,
  ): Claim | QueuedReply<ReplyCall, Claim> | null {
    const queue = command.queue ?? true;
    const current = this.#run;
    if (current !== null && isInterruptEvent(command.inputs)) {
      const sorted = sortInput(command.inputs);
      if (sorted.kind === "interrupt" && current.started && !current.closing)
        checkReplyId(this.host.state, sorted.event);
      interruptRun(this, current);
      return null;
    }
    if (!queue && (current !== null || !this.#queue.isEmpty)) {
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.host.name}' is already replying; wait for the reply to end, interrupt it, or call without { queue: false }.`,
      );
    }
    const call = readReplyCall(command, this.host.name);
    if (!queue || (current === null && this.#queue.isEmpty && !this.#observePending()))
      return this.#claimNow(call, streamed);
    const ticket: QueuedReply<ReplyCall, Claim> = new QueuedReply(call, streamed, (granted) => {
      this.#cancelQueued(ticket, granted);
    });
    this.#queue.push(ticket);
    return ticket;
  }

  /**
   * Checks a reply call against the agent's state (spec §3.3 steps 3–4) and claims the agent for
   * it. Null when there is nothing to do (an interrupt with nothing to interrupt).
   */
  #claimNow(call: ReplyCall, streamed: boolean): Claim | null {
    this.#assertActive();
    const request = requestFor(this.host.state, this.host.name, call.sorted);
    if (request === null) return null;
    const run = new ReplyRun(streamed, streamed && this.#chained, request === "interrupt");
    this.#run = run;
    const structured = request !== "interrupt" && request.kind === "new" ? call.structured : null;
    return {
      run,
      request,
      structured,
      inputs: call.inputs,
      structuredSchema: call.structuredSchema,
    };
  }

  /** A stopped statechart takes no more replies (the running one failed with the same error). */
  #assertActive(): void {
    if (this.host.actor.getSnapshot().status === "active") return;
    throw new AbortedError(`agent '${this.host.name}' (its statechart was stopped)`);
  }

  /** A queued call gave up: it leaves the queue, or lets go of the turn it was just granted. */
  #cancelQueued(ticket: QueuedReply<ReplyCall, Claim>, granted: Claim | null): void {
    if (granted === null) {
      this.#queue.remove(ticket);
      return;
    }
    if (!granted.run.started) this.release(granted.run);
  }

  /** Whether observed messages wait only for their media: they go in before the next reply. */
  #observePending(): boolean {
    return !this.#inbox.isEmpty && this.#takesObserved();
  }

  /**
   * The agent may have come free: observed messages go in first, then the queued replies take
   * their turns, in order, until one claims the agent (one refused at its turn — the state no
   * longer fits it — is settled with that error and the next one goes on).
   */
  #advance(): void {
    if (this.#run !== null) return;
    if (!this.#inbox.isEmpty && this.#takesObserved()) {
      const msgs = this.#inbox.takeReady();
      if (msgs.length > 0) this.host.state.context.push(...msgs);
      // One still replaces its media: it goes in first (its end advances again).
      if (!this.#inbox.isEmpty) return;
    }
    while (this.#run === null) {
      const ticket = this.#queue.shift();
      if (ticket === undefined) return;
      let claim: Claim | null;
      try {
        claim = this.#claimNow(ticket.request, ticket.streamed);
      } catch (error) {
        ticket.refuse(error);
        continue;
      }
      ticket.grant(claim);
    }
  }

  /**
   * The machine ends (or parks) the started run. The agent is released at once unless the
   * run's consumer decides what comes next (an `onReply` chain may swallow REPLY_END and loop);
   * then it is released when the chain has let REPLY_END through.
   */
  finish(item: RunEnd): void {
    const run = this.#run;
    if (run === null || !run.started) {
      if (item.kind === "fail")
        getLogger().error(`agent '${this.host.name}': a failure without a reply`, {
          error: String(item.error),
        });
      return;
    }
    // A park while an interrupt is asked for (it came while the resume was being prepared): the
    // interrupt closes the parked reply at once (XState takes the event after this transition).
    if (item.kind === "park" && run.interruptRequested && !run.closing) {
      this.host.actor.send({ type: "INTERRUPT" });
      return;
    }
    // A step of the reply failed: it was interrupted, and now ends with that failure.
    if (run.failure !== null) item = { kind: "fail", error: run.failure.error };
    // Saved before anyone hears of the end (the state is copied now, before a next reply runs).
    checkpointRun(this.host, run, item.kind === "fail");
    run.end(item);
    // Only a completed end that an `onReply` chain may swallow waits for the chain's decision;
    // any other end releases the agent now, even if the consumer is slow (or never reads it).
    const decided = !(item.kind === "exit" && item.swallowable);
    if (!run.chained || run.abandoned || decided) {
      if (run.abandoned && item.kind === "fail")
        getLogger().error(`agent '${this.host.name}': a reply whose stream was stopped failed`, {
          error: String(item.error),
        });
      this.release(run);
    }
  }

  /** Lets go of the run: another reply may claim the agent, observed messages may go in. */
  release(run: ReplyRun): void {
    if (this.#run !== run) return;
    this.#run = null;
    this.host.rest();
    run.release();
    this.#advance();
  }

  /** Whether observed messages can go into the context now: nothing runs, nothing is parked. */
  #takesObserved(): boolean {
    return this.#run === null && !this.host.state.hasAwaitingToolCalls(this.host.name);
  }

  /** Appends the observed messages that wait, if the agent takes them now (then queued replies go on). */
  flushObserved(): void {
    this.#advance();
  }

  /**
   * Sends an event of the running reply on its way: straight to `events$` unless an `onReply`
   * chain carries the reply's events (then `events$` gets what comes out of it), and to the
   * reply's stream if it has one. Late work of an ended reply never gets here (see `gatedDeps`).
   */
  emit(event: AgentEvent): void {
    const run = this.#run;
    if (run === null) {
      this.host.publish(event);
      return;
    }
    if (!run.chained) this.host.publish(event);
    run.emit(event);
  }
}
