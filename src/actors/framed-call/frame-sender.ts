import type { BusHeaders, BusMessage } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import { SEQ_HEADER } from "./seq-header.js";

/** Header objects for the first frames, made once: most answers are a handful of frames. */
const SEQ_HEADERS: readonly BusHeaders[] = Array.from({ length: 64 }, (_, i) =>
  Object.freeze({ [SEQ_HEADER]: String(i) }),
);

function seqHeaders(seq: number): { headers: BusHeaders } {
  return { headers: SEQ_HEADERS[seq] ?? { [SEQ_HEADER]: String(seq) } };
}

/**
 * The serving side of a framed answer (see `FrameWatch`): the frames sent to the caller's inbox,
 * in order and numbered (`as-seq`), until its one end. A request sent without a `replyTo` (fire
 * and forget) is still carried out; what would have been its answer is dropped, and a failure is
 * logged, since nobody else would learn of it.
 */
export class FrameSender<F> {
  readonly #message: BusMessage;
  /** Who answers and what the request is, for log lines ("agent 'alice': a reply command"). */
  readonly #who: string;
  readonly #what: string;
  readonly #heartbeat: F;
  #seq = 0;
  #ended = false;
  /** Whether a frame went out since the last heartbeat tick (then no beat is needed). */
  #sentSinceTick = false;

  constructor(message: BusMessage, who: string, what: string, heartbeat: F) {
    this.#message = message;
    this.#who = who;
    this.#what = what;
    this.#heartbeat = heartbeat;
  }

  /** True once the end (or an error) was sent. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Whether anybody waits for the answer. */
  get answered(): boolean {
    return this.#message.respond !== undefined;
  }

  /** A frame before the end; false when it could not be sent (the answer then failed). */
  send(frame: F): boolean {
    return !this.#ended && this.#send(frame);
  }

  /** A heartbeat tick: one beat, unless another frame went out since the last tick. */
  tick(): void {
    if (this.#ended) return;
    if (this.#sentSinceTick) {
      this.#sentSinceTick = false;
      return;
    }
    this.#send(this.#heartbeat);
    this.#sentSinceTick = false;
  }

  /** The one end of the answer. */
  end(frame: F): void {
    if (this.#ended) return;
    if (this.#send(frame)) this.#ended = true;
  }

  /** Ends the answer with an error (it travels as `{ code, message, data }`). */
  fail(error: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    const respondError = this.#message.respondError;
    if (respondError === undefined) {
      getLogger().warn(`${this.#who}: a ${this.#what} sent without a reply inbox failed`, {
        error: String(error),
      });
      return;
    }
    try {
      respondError(error, seqHeaders(this.#seq++));
    } catch (sendError) {
      getLogger().error(`${this.#who}: could not answer a ${this.#what}`, {
        error: String(error),
        sendError: String(sendError),
      });
    }
  }

  /** Sends one frame; a frame the bus cannot send (a payload the codec refuses) fails the answer. */
  #send(frame: F): boolean {
    const respond = this.#message.respond;
    if (respond === undefined) return true;
    try {
      respond(frame, seqHeaders(this.#seq));
    } catch (error) {
      this.fail(error);
      return false;
    }
    this.#seq++;
    this.#sentSinceTick = true;
    return true;
  }
}
