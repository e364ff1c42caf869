import type { HubPost } from "./hub-post.js";

/**
 * Hands a hub member's posts to its delivery one post per turn of the microtask queue, in the
 * order they come. A post that comes while none was delivered in this turn goes at once.
 *
 * Why: every delivery's observe promise gets a reaction (so a participant's failure is logged,
 * never an unhandled rejection), and reactions only run once the synchronous stretch that made
 * them ends. Posts that arrive in one stretch — a bus's delivery queue running a batch, a
 * thousand speakers answering in one tick — would otherwise pile up N × (N − 1) of them at once
 * (a million at N = 1,000; ten thousand times that much memory at N = 10,000), which lives long
 * enough to be promoted and costs the garbage collector more than the deliveries themselves.
 * Waiting a microtask after each post lets its N reactions run before the next post's: the
 * order stays the hub's, and the price is one microtask per post.
 */
export class PostPump {
  readonly #deliver: (post: HubPost) => void;
  #queue: HubPost[] = [];
  #head = 0;
  /** A post was delivered in this turn; the next waits for the turn after. */
  #busy = false;
  #closed = false;
  readonly #next = (): void => {
    const post = this.#queue[this.#head];
    if (post === undefined || this.#closed) {
      this.#queue = [];
      this.#head = 0;
      this.#busy = false;
      return;
    }
    this.#head += 1;
    this.#run(post);
  };

  constructor(deliver: (post: HubPost) => void) {
    this.#deliver = deliver;
  }

  push(post: HubPost): void {
    if (this.#closed) return;
    if (this.#busy) this.#queue.push(post);
    else this.#run(post);
  }

  /** Posts not delivered yet are dropped. */
  close(): void {
    this.#closed = true;
  }

  #run(post: HubPost): void {
    this.#busy = true;
    try {
      this.#deliver(post);
    } finally {
      queueMicrotask(this.#next);
    }
  }
}
