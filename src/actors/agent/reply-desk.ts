import type { Subject } from "rxjs";
import type { Actor } from "xstate";
import { ActorscopeError, ErrorCode, getLogger } from "../../errors/index.js";
import { Msg, createEvent, type AgentEvent } from "../../message/index.js";
import type { AgentMachine, AgentMachineEvent, ReplyRequest } from "../../machines/index.js";
import { composeOnion, type Layer, type ReplyItem } from "../../middleware/index.js";
import type { AgentState } from "../../state/index.js";
import {
  readReplyOptions,
  type ReplyOptions,
  type StructuredSchemaInput,
} from "./agent-options.js";
import { ObserveInbox } from "./observe-inbox.js";
import {
  checkIncomingEvent,
  checkParkedReply,
  checkReplyId,
  sortInput,
  validateMsgs,
} from "./reply-input.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";
import { ReplyRun, type RunEnd } from "./reply-run.js";
import { toStructuredJsonSchema } from "./structured-output-schema.js";

/** What the desk needs from its agent. */
export interface ReplyDeskHost {
  readonly name: string;
  /** The agent's statechart (read when a reply starts or is interrupted). */
  readonly actor: Actor<AgentMachine>;
  /** The agent's live state (it may be replaced: read each time). */
  readonly state: AgentState;
  /** Where every event goes (`agent.events$`). */
  readonly events: Subject<AgentEvent>;
  /** The `onReply` chain's layers (none: events go straight to `events$`). */
  readonly onReply: readonly Layer<
    { inputs: unknown; structuredSchema: unknown },
    AsyncIterable<ReplyItem>
  >[];
  /** Replaces input media the model does not take (spec §3.4); null when there is none. */
  replaceMedia(msgs: readonly Msg[]): Promise<void> | null;
  /** What a resume awaits before it starts (what batching must know of the parked calls); null when nothing. */
  prepareResume(): Promise<void> | null;
}

/**
 * Where an agent's commands come in: replies (one at a time), streams, observed messages and
 * interrupts. It owns the reply in progress ({@link ReplyRun}) and keeps three promises:
 * - **one reply at a time**: a call checks its input and claims the agent in one synchronous step
 *   (nothing is awaited before the claim); another call meanwhile gets `REPLY_BUSY`; the claim is
 *   released only once the machine is at rest for it (a stopped stream waits for that, bounded by
 *   the interrupt grace), so a new reply never meets a machine still busy with an old one;
 * - **no interrupt is lost**: one that arrives while a reply is being prepared follows it into
 *   the machine; one for a parked reply closes it; a second one has nothing more to do;
 * - **observed messages never land inside a reply**: they wait in an {@link ObserveInbox} until
 *   the agent is at rest (no reply running, none parked) and then go in, in order.
 */
export class ReplyDesk {
  readonly #host: ReplyDeskHost;
  /** Whether the events reach `events$` through an `onReply` chain. */
  readonly #chained: boolean;
  #run: ReplyRun | null = null;
  /** Messages observed while the agent could not take them. */
  readonly #inbox = new ObserveInbox();
  /** The structured schema of the reply about to begin (checked when it was claimed). */
  #structured: PendingStructured | null = null;

  constructor(host: ReplyDeskHost) {
    this.#host = host;
    this.#chained = host.onReply.length > 0;
  }

  /** Whether a reply holds the agent (running, being prepared, or ending). */
  get busy(): boolean {
    return this.#run !== null;
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
   * Replies to the input and returns the final message (spec §3.2). A parked reply returns the
   * "waiting" message; resume it with a `UserConfirmResultEvent` or `ExternalExecutionResultEvent`.
   * One reply at a time: a call while another reply runs (or is being prepared) is refused at once
   * with `ReplyInputError` `REPLY_BUSY`; a `UserInterruptEvent` then interrupts the running one.
   */
  async reply(inputs: unknown, options: ReplyOptions): Promise<Msg> {
    let final: Msg | null = null;
    if (this.#chained) {
      for await (const item of this.#drive(inputs, options)) if (item instanceof Msg) final = item;
    } else {
      final = await this.#settle(inputs, options);
    }
    if (final === null) {
      throw new ReplyInputError(
        ReplyInputErrorCode.NO_FINAL_MESSAGE,
        "Agent did not produce a final message.",
      );
    }
    return final;
  }

  /**
   * Replies to the input, streaming its events (spec §2); the agent is claimed when iteration
   * starts. Stopping early interrupts the reply and waits (within the interrupt grace) until the
   * agent is at rest again, so the next reply can start at once.
   */
  async *stream(
    inputs: unknown,
    options: ReplyOptions,
  ): AsyncGenerator<AgentEvent, void, undefined> {
    for await (const item of this.#drive(inputs, options)) if (!(item instanceof Msg)) yield item;
  }

  /**
   * Adds messages to the context without replying (no model call, no events). Invalid messages
   * are refused at once. While the agent is idle they are appended at once; during a reply, or
   * while a reply is parked on tool calls, they wait (in order) until it ends, so they never land
   * between a tool call and its result. Resolves once they are accepted: appended, or queued with
   * their media replaced (a parked reply may wait for its user for a long time).
   */
  async observe(msgs: unknown): Promise<void> {
    const list = validateMsgs(msgs instanceof Msg ? [msgs] : Array.isArray(msgs) ? msgs : [msgs]);
    const prepared = this.#host.replaceMedia(list);
    if (prepared === null && this.#inbox.isEmpty && this.#takesObserved()) {
      this.#host.state.context.push(...list);
      return;
    }
    await this.#inbox.add(list, prepared, () => {
      this.flushObserved();
    });
  }

  /**
   * Interrupts the agent: a running reply stops its model call or tools and ends with
   * REPLY_END(interrupted); a parked reply is closed the same way; a reply still being prepared
   * is interrupted as soon as it starts. Idle, or already closing a parked reply: nothing happens.
   */
  async interrupt(): Promise<void> {
    const run = this.#run;
    if (run !== null) {
      this.#interruptRun(run);
      return;
    }
    if (this.#host.state.hasAwaitingToolCalls(this.#host.name)) {
      for await (const _ of this.#drive(
        createEvent("USER_INTERRUPT", { reply_id: this.#host.state.replyId }),
        {},
      )) {
        // events reach events$
      }
    }
  }

  /**
   * Checks a reply call's input (spec §3.3 steps 1–4, §3.4) and claims the agent for it, in one
   * synchronous step: nothing is awaited before the claim, so two calls in the same tick cannot
   * both pass the check. Null when there is nothing to do (an interrupt with nothing to
   * interrupt, or one passed on to the running reply).
   */
  #claim(inputs: unknown, options: ReplyOptions, streamed: boolean): Claim | null {
    const read = readReplyOptions(options);
    const current = this.#run;
    if (current !== null) {
      if (isInterruptEvent(inputs)) {
        const sorted = sortInput(inputs);
        if (sorted.kind === "interrupt" && current.started && !current.closing)
          checkReplyId(this.#host.state, sorted.event);
        this.#interruptRun(current);
        return null;
      }
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.#host.name}' is already replying; wait for the reply to end or interrupt it.`,
      );
    }
    const sorted = sortInput(inputs);
    let request: ReplyRequest | "interrupt";
    if (sorted.kind === "interrupt") {
      if (!this.#host.state.hasAwaitingToolCalls(this.#host.name)) return null; // spec §3.3 step 3: nothing to do
      checkParkedReply(this.#host.state, this.#host.name, sorted.event);
      request = "interrupt";
    } else {
      checkIncomingEvent(this.#host.state, this.#host.name, sorted);
      if (sorted.kind === "msgs") {
        request = { kind: "new", msgs: sorted.msgs };
      } else {
        if (read.structuredSchema !== undefined) {
          getLogger().warn(
            `agent '${this.#host.name}': a structured schema given with an input event is ignored; the parked reply keeps its own.`,
          );
        }
        request = sorted;
      }
    }
    // A schema that cannot be turned into JSON fails here, before anything is claimed.
    const schema = read.structuredSchema ?? null;
    const structured =
      request !== "interrupt" && request.kind === "new" && schema !== null
        ? { schema, json: toStructuredJsonSchema(schema) }
        : null;
    const run = new ReplyRun(streamed, streamed && this.#chained, request === "interrupt");
    this.#run = run;
    return { run, request, structured };
  }

  /**
   * What a claimed reply awaits before it starts: its inputs' media replacement (spec §3.4), or
   * what the batching guard must know about the parked calls' tools. Null when there is nothing
   * (the reply starts without a tick in between).
   */
  #prepare(claim: Claim): Promise<void> | null {
    const request = claim.request;
    if (request === "interrupt") return null;
    return request.kind === "new"
      ? this.#host.replaceMedia(request.msgs)
      : this.#host.prepareResume();
  }

  /** Hands a prepared claim to the machine (an interrupt that arrived meanwhile follows it). */
  #start(claim: Claim): void {
    const { run, request } = claim;
    run.started = true;
    if (request === "interrupt") {
      run.resume();
      this.#host.actor.send({ type: "INTERRUPT" });
    } else {
      if (request.kind === "new") this.#structured = claim.structured;
      this.#deliver(run, { type: "REPLY", request });
    }
    const value = this.#host.actor.getSnapshot().value;
    if (!run.atRest && isRestState(value)) {
      // The machine did not take the request: a bug, but the call must end, not hang.
      this.finish({
        kind: "fail",
        error: new ActorscopeError(
          ErrorCode.INTERNAL,
          `agent '${this.#host.name}': the statechart did not take the reply request in state '${value}'.`,
        ),
      });
    }
  }

  /** Sends the run on in the machine; an interrupt that was asked for meanwhile follows at once. */
  #deliver(run: ReplyRun, event: AgentMachineEvent): void {
    run.resume();
    this.#host.actor.send(event);
    if (run.interruptRequested && !run.atRest) this.#host.actor.send({ type: "INTERRUPT" });
  }

  /** An interrupt for the claimed run: now if it runs, as soon as it starts if it is prepared. */
  #interruptRun(run: ReplyRun): void {
    if (run.closing) return; // already closing the parked reply: nothing more to do
    run.interruptRequested = true;
    if (run.started && !run.atRest) this.#host.actor.send({ type: "INTERRUPT" });
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
        getLogger().error(`agent '${this.#host.name}': a failure without a reply`, {
          error: String(item.error),
        });
      return;
    }
    // A park while an interrupt is asked for (it came while the resume was being prepared): the
    // interrupt closes the parked reply at once (XState takes the event after this transition).
    if (item.kind === "park" && run.interruptRequested && !run.closing) {
      this.#host.actor.send({ type: "INTERRUPT" });
      return;
    }
    // A step of the reply failed: it was interrupted, and now ends with that failure.
    if (run.failure !== null) item = { kind: "fail", error: run.failure.error };
    run.end(item);
    // Only a completed end that an `onReply` chain may swallow waits for the chain's decision;
    // any other end releases the agent now, even if the consumer is slow (or never reads it).
    const decided = !(item.kind === "exit" && item.swallowable);
    if (!run.chained || run.abandoned || decided) {
      if (run.abandoned && item.kind === "fail")
        getLogger().error(`agent '${this.#host.name}': a reply whose stream was stopped failed`, {
          error: String(item.error),
        });
      this.#release(run);
    }
  }

  /** Lets go of the run: another reply may claim the agent, observed messages may go in. */
  #release(run: ReplyRun): void {
    if (this.#run !== run) return;
    this.#run = null;
    run.release();
    this.flushObserved();
  }

  /** Whether observed messages can go into the context now: nothing runs, nothing is parked. */
  #takesObserved(): boolean {
    return this.#run === null && !this.#host.state.hasAwaitingToolCalls(this.#host.name);
  }

  /** Appends the observed messages that wait, if the agent takes them now. */
  flushObserved(): void {
    if (this.#inbox.isEmpty || !this.#takesObserved()) return;
    const msgs = this.#inbox.takeReady();
    if (msgs.length > 0) this.#host.state.context.push(...msgs);
  }

  /**
   * `reply()` without an `onReply` middleware: nothing can change the events on their way, so
   * they go straight to `events$` and the call only waits for the reply's end.
   */
  async #settle(inputs: unknown, options: ReplyOptions): Promise<Msg | null> {
    const claim = this.#claim(inputs, options, false);
    if (claim === null) return null;
    const run = claim.run;
    try {
      const prepared = this.#prepare(claim);
      if (prepared !== null) await prepared;
      this.#start(claim);
      for (;;) {
        const item = await run.next();
        switch (item.kind) {
          case "event":
            break;
          case "park":
            return item.msg;
          case "exit":
            if (item.raiseAfter !== undefined) throw item.raiseAfter;
            return item.msg;
          case "fail":
            throw item.error;
        }
      }
    } finally {
      run.done = true;
      this.#release(run);
    }
  }

  /** One streamed reply call: validation and claim, then the `onReply` chain around the machine's run. */
  async *#drive(
    inputs: unknown,
    options: ReplyOptions,
  ): AsyncGenerator<ReplyItem, void, undefined> {
    const claim = this.#claim(inputs, options, true);
    if (claim === null) return;
    const run = claim.run;
    try {
      const prepared = this.#prepare(claim);
      if (prepared !== null) await prepared;
      const impl = (_input: { inputs: unknown; structuredSchema: unknown }) => this.#impl(claim);
      const chain = composeOnion(this.#host.onReply, impl);
      for await (const item of chain({
        inputs,
        structuredSchema: options.structuredSchema ?? null,
      })) {
        if (item instanceof Msg) {
          yield item;
          continue;
        }
        if (item.type === "REPLY_END") run.receivedReplyEnd = true;
        // Without onReply, #emit has already sent it to events$.
        if (run.chained) this.#host.events.next(item);
        yield item;
      }
    } finally {
      // Not done: the consumer stopped early, the chain threw, or a middleware stopped reading
      // the reply before its end; the machine may still be running it.
      if (run.done) this.#release(run);
      else await this.#abandon(run);
    }
  }

  /**
   * The consumer stopped early (or the chain threw): the reply is interrupted, its remaining
   * events go to `events$`, and the call returns once the machine is at rest (bounded by the
   * interrupt grace), so that the agent is free for the next reply.
   */
  async #abandon(run: ReplyRun): Promise<void> {
    if (this.#run !== run) return;
    if (!run.started || run.atRest) {
      this.#release(run);
      return;
    }
    run.abandon();
    this.#interruptRun(run);
    await run.whenReleased();
  }

  /** The innermost reply: starts the machine and yields what it produces until the reply ends. */
  async *#impl(claim: Claim): AsyncGenerator<ReplyItem, void, undefined> {
    const run = claim.run;
    if (run.started) {
      throw new ActorscopeError(
        ErrorCode.INTERNAL,
        `agent '${this.#host.name}': an onReply middleware called next() twice in one reply.`,
      );
    }
    this.#start(claim);
    for (;;) {
      const item = await run.next();
      switch (item.kind) {
        case "event":
          yield item.event;
          break;
        case "park":
          run.done = true;
          this.#release(run);
          yield item.msg;
          return;
        case "exit":
          if (item.swallowable && !run.receivedReplyEnd) {
            // A middleware swallowed REPLY_END: the loop goes on (spec §3.3 step 7).
            this.#deliver(run, { type: "CONTINUE" });
            break;
          }
          run.done = true;
          this.#release(run);
          yield item.msg;
          if (item.raiseAfter !== undefined) throw item.raiseAfter;
          return;
        case "fail":
          run.done = true;
          this.#release(run);
          throw item.error;
      }
    }
  }

  /**
   * Sends an event of the running reply on its way: straight to `events$` unless an `onReply`
   * chain carries the reply's events (then `events$` gets what comes out of it), and to the
   * reply's stream if it has one. Late work of an ended reply never gets here (see `gatedDeps`).
   */
  emit(event: AgentEvent): void {
    const run = this.#run;
    if (run === null) {
      this.#host.events.next(event);
      return;
    }
    if (!run.chained) this.#host.events.next(event);
    run.emit(event);
  }
}

/** A schema for the coming reply's structured output, with its JSON form. */
export interface PendingStructured {
  readonly schema: StructuredSchemaInput;
  readonly json: Record<string, unknown>;
}

/** A reply call that has claimed the agent: its run and the request it will hand to the machine. */
interface Claim {
  readonly run: ReplyRun;
  readonly request: ReplyRequest | "interrupt";
  readonly structured: PendingStructured | null;
}

/** The states where the machine waits for a command (nothing of a reply runs). */
function isRestState(value: string): boolean {
  return value === "idle" || value === "awaiting-confirm" || value === "awaiting-external";
}

function isInterruptEvent(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "USER_INTERRUPT"
  );
}
