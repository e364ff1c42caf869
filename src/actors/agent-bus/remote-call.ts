import type { Subscription } from "rxjs";
import type { Bus, BusMessage } from "../../bus/index.js";
import { BusError, BusErrorCode } from "../../bus/index.js";
import { getLogger, TimeoutError } from "../../errors/index.js";
import { FrameWatch } from "../framed-call/frame-watch.js";
import type { AgentEvent } from "../../message/index.js";
import type { AgentBusCommandType } from "./agent-bus-command.js";
import { AgentBusError, AgentBusErrorCode, agentErrorFromWire } from "./agent-bus-error.js";
import {
  AgentFrameSchema,
  SEQ_HEADER,
  type AgentEndFrame,
  type AgentFrame,
} from "./agent-bus-frame.js";

/**
 * A command as a caller sends it: its fields are checked by the agent when it arrives (a caller
 * may pass anything a local agent would take, and gets the same error back).
 */
export type WireCommand = { readonly type: AgentBusCommandType } & Readonly<
  Record<string, unknown>
>;

/** Where a caller's commands go, and how long it waits. */
export interface RemoteTarget {
  readonly bus: Bus;
  readonly agentId: string;
  readonly inSubject: string;
  /** How long the agent may take to accept a command (its first frame). */
  readonly timeoutMs: number;
  /** Heartbeat intervals without any frame after which the agent is taken for lost. */
  readonly missedHeartbeats: number;
}

/**
 * One command from a caller to an agent on the bus, and its answer. The caller listens on a
 * fresh inbox, then sends the command with that inbox as `replyTo` (on one connection the
 * subscription reaches the server before the command, so no frame is missed). It then waits:
 * for `accepted` at most `timeoutMs` (else `TIMEOUT`; `NO_RESPONDERS` when the transport says
 * nobody listens); after it, as long as frames keep coming — a reply may run for hours, but an
 * agent that stops beating for `missedHeartbeats` intervals is `AGENT_LOST`. Frames are checked
 * in sequence (`AGENT_FRAMES_LOST` on a gap). So every command ends, and its caller learns how.
 */
export class RemoteCall {
  readonly #target: RemoteTarget;
  readonly #onEvent: ((event: AgentEvent) => void) | null;
  readonly #what: string;
  readonly #watch: FrameWatch;
  #subscription: Subscription | null = null;
  #settled = false;
  #resolve!: (frame: AgentEndFrame) => void;
  #reject!: (error: unknown) => void;
  /** The command's end frame; rejects with the agent's typed error, or how the wait failed. */
  readonly outcome: Promise<AgentEndFrame>;

  constructor(target: RemoteTarget, what: string, onEvent: ((event: AgentEvent) => void) | null) {
    this.#target = target;
    this.#what = what;
    this.#onEvent = onEvent;
    this.outcome = new Promise<AgentEndFrame>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    const { agentId, timeoutMs, missedHeartbeats } = target;
    this.#watch = new FrameWatch({
      timeoutMs,
      missedHeartbeats,
      onTimeout: () => {
        this.#fail(new TimeoutError(`agent '${agentId}' taking a ${what} command`, timeoutMs));
      },
      onLost: (heartbeatMs, windowMs) => {
        this.#fail(
          new AgentBusError(
            AgentBusErrorCode.AGENT_LOST,
            agentId,
            `Agent '${agentId}' stopped answering (no heartbeat for ${windowMs} ms) during a ${what} command; it may or may not have taken effect.`,
            { data: { heartbeat_ms: heartbeatMs, window_ms: windowMs } },
          ),
        );
      },
    });
  }

  /** Whether the answer has ended (or the wait failed). */
  get settled(): boolean {
    return this.#settled;
  }

  /** Sends the command and starts waiting for its answer. */
  send(command: WireCommand): this {
    const { bus, inSubject, agentId } = this.#target;
    try {
      const inbox = bus.inbox();
      this.#subscription = bus
        .subscribe(inbox, { schema: AgentFrameSchema, what: "agent frame" })
        .subscribe({
          next: (message) => {
            this.#take(message);
          },
          error: (error: unknown) => {
            this.#fail(error);
          },
          complete: () => {
            this.#fail(
              new BusError(
                BusErrorCode.BUS_CLOSED,
                `The bus closed before agent '${agentId}' answered.`,
              ),
            );
          },
        });
      if (this.#settled) return this;
      this.#watch.begin();
      bus.publish(inSubject, command, { replyTo: inbox });
    } catch (error) {
      this.#fail(error);
    }
    return this;
  }

  /** Ends the call before anything was sent (the command could not be built). */
  refuse(error: unknown): this {
    this.#fail(error);
    return this;
  }

  #take(message: BusMessage<AgentFrame>): void {
    if (this.#settled) return;
    const verdict = this.#watch.check(message);
    if (verdict === "unnumbered") {
      // Not from the agent (its frames are numbered): dropped, as a malformed frame is.
      getLogger().warn(
        `a frame without ${SEQ_HEADER} on a ${this.#what} call's inbox was dropped`,
        {
          subject: message.subject,
        },
      );
      return;
    }
    if (verdict !== "next") {
      const { agentId } = this.#target;
      this.#fail(
        new AgentBusError(
          AgentBusErrorCode.FRAMES_LOST,
          agentId,
          `Frame ${verdict.expected} of agent '${agentId}' went missing (frame ${verdict.received} came); the ${this.#what} command's outcome is unknown.`,
          { data: { expected: verdict.expected, received: verdict.received } },
        ),
      );
      return;
    }
    if (message.error !== undefined) {
      this.#fail(agentErrorFromWire(message.error));
      return;
    }
    const frame = message.data;
    switch (frame.kind) {
      case "accepted":
        this.#watch.accepted(frame.heartbeat_ms);
        return;
      case "heartbeat":
        return;
      case "event":
        this.#onEvent?.(frame.event);
        return;
      default:
        this.#settle();
        this.#resolve(frame);
    }
  }

  #fail(error: unknown): void {
    if (this.#settled) return;
    this.#settle();
    this.#reject(error);
  }

  #settle(): void {
    this.#settled = true;
    this.#watch.stop();
    // Unsubscribing may run inside this subscription's own delivery: rxjs allows that.
    this.#subscription?.unsubscribe();
    this.#subscription = null;
  }
}
