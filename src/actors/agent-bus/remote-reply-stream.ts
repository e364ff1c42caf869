import { getLogger } from "../../errors/index.js";
import type { AgentEvent } from "../../message/index.js";
import type { RemoteCall } from "./remote-call.js";

const DONE: IteratorReturnResult<void> = { done: true, value: undefined };

/** How a remote stream starts its call, and stops it early. */
export interface RemoteStreamCall {
  /** Sends the streamed reply command; its events go to `onEvent`, in order. */
  open(onEvent: (event: AgentEvent) => void): RemoteCall;
  /** Tells the agent the caller stopped reading (a `cancel` command). */
  cancel(): void;
}

/**
 * `agentRef(…).replyStream(…)`: behaves as a local `agent.replyStream` does. The command is sent
 * when iteration starts (the reply takes its turn then); events are yielded in order as their
 * frames arrive (buffered while the consumer is slower); the stream ends when the reply's
 * answer ends, and throws the agent's typed error if it failed. Stopped early (`return()`), it
 * tells the agent, which stops the reply as a local stream would (out of the queue, or
 * interrupted and waited for), and returns once the agent says it has (or is lost).
 */
export class RemoteReplyStream implements AsyncGenerator<AgentEvent, void, undefined> {
  readonly #start: RemoteStreamCall;
  #call: RemoteCall | null = null;
  readonly #buffer: AgentEvent[] = [];
  #head = 0;
  #wake: (() => void) | null = null;
  /** Whether the answer has ended, and how it failed if it did. */
  #ended = false;
  #failure: { readonly error: unknown } | null = null;
  #finished = false;

  constructor(start: RemoteStreamCall) {
    this.#start = start;
  }

  async next(): Promise<IteratorResult<AgentEvent, void>> {
    if (this.#finished) return DONE;
    if (this.#call === null) this.#open();
    for (;;) {
      if (this.#head < this.#buffer.length) return { done: false, value: this.#take() };
      if (this.#ended) {
        this.#finished = true;
        if (this.#failure !== null) throw this.#failure.error;
        return DONE;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  async return(): Promise<IteratorResult<AgentEvent, void>> {
    await this.#stop();
    return DONE;
  }

  async throw(error: unknown): Promise<IteratorResult<AgentEvent, void>> {
    await this.#stop();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #open(): void {
    const call = this.#start.open((event) => {
      this.#buffer.push(event);
      this.#wakeUp();
    });
    this.#call = call;
    call.outcome.then(
      () => {
        this.#ended = true;
        this.#wakeUp();
      },
      (error: unknown) => {
        this.#ended = true;
        this.#failure = { error };
        this.#wakeUp();
      },
    );
  }

  #take(): AgentEvent {
    const event = this.#buffer[this.#head] as AgentEvent;
    this.#buffer[this.#head++] = undefined as unknown as AgentEvent; // let it be collected
    if (this.#head === this.#buffer.length) {
      this.#buffer.length = 0;
      this.#head = 0;
    }
    return event;
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Stopped early: the agent is told, and the call's end waited for (its error only logged). */
  async #stop(): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    this.#buffer.length = 0;
    this.#head = 0;
    const call = this.#call;
    if (call === null || call.settled) return;
    try {
      this.#start.cancel();
      await call.outcome;
    } catch (error) {
      getLogger().warn("a remote reply stream stopped early ended with an error", {
        error: String(error),
      });
    }
  }
}
