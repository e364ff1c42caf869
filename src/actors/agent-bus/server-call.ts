import { getLogger } from "../../errors/index.js";
import type { BusMessage } from "../../bus/index.js";
import {
  AgentFrameKind,
  SEQ_HEADER,
  type AgentEndFrame,
  type AgentFrame,
} from "./agent-bus-frame.js";

/**
 * One command an agent on the bus is answering: the frames it sends to the caller's inbox, in
 * order and numbered (`as-seq`), until its one end. A command sent without a `replyTo` (fire
 * and forget) is still carried out; what would have been its answer is dropped, and a failure
 * is logged, since nobody else would learn of it.
 */
export class ServerCall {
  readonly #message: BusMessage;
  readonly #agentId: string;
  /** What the command is, for log lines ("reply", "observe", …). */
  readonly what: string;
  #seq = 0;
  #ended = false;
  /** Whether a frame went out since the last heartbeat tick (then no beat is needed). */
  #sentSinceTick = false;

  constructor(message: BusMessage, agentId: string, what: string) {
    this.#message = message;
    this.#agentId = agentId;
    this.what = what;
  }

  /** True once the end (or an error) was sent. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Whether anybody waits for the answer. */
  get answered(): boolean {
    return this.#message.respond !== undefined;
  }

  /** The first frame: the agent has the command, and beats every `heartbeatMs` until its end. */
  accept(heartbeatMs: number): void {
    this.#send({ kind: AgentFrameKind.ACCEPTED, heartbeat_ms: heartbeatMs });
  }

  /** A frame before the end (an event of a streamed reply). */
  send(frame: AgentFrame): void {
    if (!this.#ended) this.#send(frame);
  }

  /** A heartbeat tick: one beat, unless another frame went out since the last tick. */
  tick(): void {
    if (this.#ended) return;
    if (this.#sentSinceTick) {
      this.#sentSinceTick = false;
      return;
    }
    this.#send({ kind: AgentFrameKind.HEARTBEAT });
    this.#sentSinceTick = false;
  }

  /** The one end of the answer. */
  end(frame: AgentEndFrame): void {
    if (this.#ended) return;
    if (this.#send(frame)) this.#ended = true;
  }

  /** Ends the answer with an error (it travels as `{ code, message, data }`). */
  fail(error: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#message.respondError === undefined) {
      getLogger().warn(
        `agent '${this.#agentId}': a ${this.what} command sent without a reply inbox failed`,
        {
          error: String(error),
        },
      );
      return;
    }
    try {
      this.#message.respondError(error, { headers: { [SEQ_HEADER]: String(this.#seq++) } });
    } catch (sendError) {
      getLogger().error(`agent '${this.#agentId}': could not answer a ${this.what} command`, {
        error: String(error),
        sendError: String(sendError),
      });
    }
  }

  /** Sends one frame; a frame the bus cannot send (a payload the codec refuses) fails the call. */
  #send(frame: AgentFrame): boolean {
    if (this.#message.respond === undefined) return true;
    try {
      this.#message.respond(frame, { headers: { [SEQ_HEADER]: String(this.#seq) } });
    } catch (error) {
      this.fail(error);
      return false;
    }
    this.#seq++;
    this.#sentSinceTick = true;
    return true;
  }
}
