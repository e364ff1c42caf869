import { AbortedError, ActorscopeError, ErrorCode } from "../../errors/index.js";
import { Msg } from "../../message/index.js";
import type { AgentMachineEvent } from "../../machines/index.js";
import { composeOnion, type ReplyItem } from "../../middleware/index.js";
import type { Claim, PendingStructured } from "./reply-claim.js";
import type { ReplyDeskHost } from "./reply-desk-host.js";
import type { ReplyRun, RunEnd } from "./reply-run.js";

/*
 * The reply driver: how a reply call that has claimed its agent runs — prepared (its media, its
 * parked calls' tools), handed to the statechart, its events read from the run until it ends,
 * through the `onReply` chain when there is one, and let go of when it is over or abandoned.
 * The mailbox (`ReplyDesk`) decides which call runs; these functions run it.
 */

/** What the driver needs of the mailbox that owns the run. */
export interface DriverDesk {
  readonly host: ReplyDeskHost;
  /** Whether this run still holds the agent. */
  holds(run: ReplyRun): boolean;
  /** Lets go of the run: another reply may claim the agent, observed messages may go in. */
  release(run: ReplyRun): void;
  /** The machine ends (or parks) the started run (see `ReplyDesk.finish`). */
  finish(item: RunEnd): void;
  /** The structured schema of the reply that begins now (the machine's `beginReply` takes it). */
  beginStructured(structured: PendingStructured | null): void;
}

/**
 * What a claimed reply awaits before it starts: its inputs' media replacement (spec §3.4), or
 * what the batching guard must know about the parked calls' tools. Null when there is nothing
 * (the reply starts without a tick in between).
 */
function prepare(desk: DriverDesk, claim: Claim): Promise<void> | null {
  const request = claim.request;
  if (request === "interrupt") return null;
  return request.kind === "new" ? desk.host.replaceMedia(request.msgs) : desk.host.prepareResume();
}

/** Hands a prepared claim to the machine (an interrupt that arrived meanwhile follows it). */
function start(desk: DriverDesk, claim: Claim): void {
  const { run, request } = claim;
  run.started = true;
  if (desk.host.actor.getSnapshot().status !== "active") {
    desk.finish({
      kind: "fail",
      error: new AbortedError(`agent '${desk.host.name}' (its statechart was stopped)`),
    });
    return;
  }
  desk.host.watch();
  if (request === "interrupt") {
    run.resume();
    desk.host.actor.send({ type: "INTERRUPT" });
  } else {
    if (request.kind === "new") desk.beginStructured(claim.structured);
    deliver(desk, run, { type: "REPLY", request });
  }
  const value = desk.host.actor.getSnapshot().value;
  if (!run.atRest && isRestState(value)) {
    // The machine did not take the request: a bug, but the call must end, not hang.
    desk.finish({
      kind: "fail",
      error: new ActorscopeError(
        ErrorCode.INTERNAL,
        `agent '${desk.host.name}': the statechart did not take the reply request in state '${value}'.`,
      ),
    });
  }
}
/** Sends the run on in the machine; an interrupt that was asked for meanwhile follows at once. */
function deliver(desk: DriverDesk, run: ReplyRun, event: AgentMachineEvent): void {
  run.resume();
  desk.host.actor.send(event);
  if (run.interruptRequested && !run.atRest) desk.host.actor.send({ type: "INTERRUPT" });
}

/** An interrupt for the claimed run: now if it runs, as soon as it starts if it is prepared. */
export function interruptRun(desk: DriverDesk, run: ReplyRun): void {
  if (run.closing) return; // already closing the parked reply: nothing more to do
  run.interruptRequested = true;
  if (run.started && !run.atRest) desk.host.actor.send({ type: "INTERRUPT" });
}

/**
 * `reply()` without an `onReply` middleware: nothing can change the events on their way, so
 * they go straight to `events$` and the call only waits for the reply's end.
 */
export async function settle(desk: DriverDesk, claim: Claim): Promise<Msg | null> {
  const run = claim.run;
  try {
    const prepared = prepare(desk, claim);
    if (prepared !== null) await prepared;
    start(desk, claim);
    for (;;) {
      const item = await run.next();
      switch (item.kind) {
        case "event":
          break;
        case "park":
          await saved(run);
          return item.msg;
        case "exit":
          await saved(run);
          if (item.raiseAfter !== undefined) throw item.raiseAfter;
          return item.msg;
        case "fail":
          await savedAfterFailure(run);
          throw item.error;
      }
    }
  } finally {
    run.done = true;
    desk.release(run);
  }
}

/** One claimed reply call that takes its events: the `onReply` chain around the machine's run. */
export async function* drive(
  desk: DriverDesk,
  claim: Claim,
): AsyncGenerator<ReplyItem, void, undefined> {
  const run = claim.run;
  try {
    const prepared = prepare(desk, claim);
    if (prepared !== null) await prepared;
    const inner = (_input: { inputs: unknown; structuredSchema: unknown }) =>
      runInMachine(desk, claim);
    const chain = composeOnion(desk.host.onReply, inner);
    for await (const item of chain({
      inputs: claim.inputs,
      structuredSchema: claim.structuredSchema,
    })) {
      if (item instanceof Msg) {
        yield item;
        continue;
      }
      if (item.type === "REPLY_END") run.receivedReplyEnd = true;
      // Without onReply, #emit has already sent it to events$.
      if (run.chained) desk.host.publish(item);
      yield item;
    }
  } finally {
    // Not done: the consumer stopped early, the chain threw, or a middleware stopped reading
    // the reply before its end; the machine may still be running it.
    if (run.done) desk.release(run);
    else await abandon(desk, run);
  }
}

/**
 * The consumer stopped early (or the chain threw): the reply is interrupted, its remaining
 * events go to `events$`, and the call returns once the machine is at rest (bounded by the
 * interrupt grace), so that the agent is free for the next reply.
 */
async function abandon(desk: DriverDesk, run: ReplyRun): Promise<void> {
  if (!desk.holds(run)) return;
  if (!run.started || run.atRest) {
    desk.release(run);
    return;
  }
  run.abandon();
  interruptRun(desk, run);
  await run.whenReleased();
}

/** The innermost reply (`impl` of the `onReply` chain): starts the machine and yields what it produces until the reply ends. */
async function* runInMachine(
  desk: DriverDesk,
  claim: Claim,
): AsyncGenerator<ReplyItem, void, undefined> {
  const run = claim.run;
  if (run.started) {
    throw new ActorscopeError(
      ErrorCode.INTERNAL,
      `agent '${desk.host.name}': an onReply middleware called next() twice in one reply.`,
    );
  }
  start(desk, claim);
  for (;;) {
    const item = await run.next();
    switch (item.kind) {
      case "event":
        yield item.event;
        break;
      case "park":
        run.done = true;
        desk.release(run);
        await saved(run);
        yield item.msg;
        return;
      case "exit":
        if (item.swallowable && !run.receivedReplyEnd) {
          // A middleware swallowed REPLY_END: the loop goes on (spec §3.3 step 7).
          deliver(desk, run, { type: "CONTINUE" });
          break;
        }
        run.done = true;
        desk.release(run);
        await saved(run);
        yield item.msg;
        if (item.raiseAfter !== undefined) throw item.raiseAfter;
        return;
      case "fail":
        run.done = true;
        desk.release(run);
        await savedAfterFailure(run);
        throw item.error;
    }
  }
}

/**
 * The caller hears of a park or an end only once it is saved (with a session): a process that
 * dies after `reply()` returned has the session on disk. A failed save fails the reply
 * (`SESSION_CONFLICT`, `SESSION_STORAGE`); its state is still the agent's.
 */
async function saved(run: ReplyRun): Promise<void> {
  if (run.saved !== null) await run.saved;
}

/** A failed reply is saved too; its own error wins over the save's (which the saver logs). */
async function savedAfterFailure(run: ReplyRun): Promise<void> {
  if (run.saved !== null) await run.saved.catch(() => undefined);
}

/** The states where the machine waits for a command (nothing of a reply runs). */
function isRestState(value: string): boolean {
  return value === "idle" || value === "awaiting-confirm" || value === "awaiting-external";
}
