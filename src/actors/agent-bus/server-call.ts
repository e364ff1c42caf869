import type { BusMessage } from "../../bus/index.js";
import { FrameSender } from "../framed-call/frame-sender.js";
import { AgentFrameKind, type AgentEndFrame, type AgentFrame } from "./agent-bus-frame.js";

const HEARTBEAT: AgentFrame = Object.freeze({ kind: AgentFrameKind.HEARTBEAT });

/**
 * One command an agent on the bus is answering: its frames (numbered, in order, until its one
 * end; see `FrameSender`), starting with `accepted`.
 */
export class ServerCall {
  readonly #sender: FrameSender<AgentFrame>;
  /** What the command is, for log lines ("reply", "observe", …). */
  readonly what: string;

  constructor(message: BusMessage, agentId: string, what: string) {
    this.what = what;
    this.#sender = new FrameSender<AgentFrame>(
      message,
      `agent '${agentId}'`,
      `${what} command`,
      HEARTBEAT,
    );
  }

  /** True once the end (or an error) was sent. */
  get ended(): boolean {
    return this.#sender.ended;
  }

  /** Whether anybody waits for the answer. */
  get answered(): boolean {
    return this.#sender.answered;
  }

  /** The first frame: the agent has the command, and beats every `heartbeatMs` until its end. */
  accept(heartbeatMs: number): void {
    this.#sender.send({ kind: AgentFrameKind.ACCEPTED, heartbeat_ms: heartbeatMs });
  }

  /** A frame before the end (an event of a streamed reply). */
  send(frame: AgentFrame): void {
    this.#sender.send(frame);
  }

  /** A heartbeat tick: one beat, unless another frame went out since the last tick. */
  tick(): void {
    this.#sender.tick();
  }

  /** The one end of the answer. */
  end(frame: AgentEndFrame): void {
    this.#sender.end(frame);
  }

  /** Ends the answer with an error (it travels as `{ code, message, data }`). */
  fail(error: unknown): void {
    this.#sender.fail(error);
  }
}
