import type { HubPost } from "./hub-post.js";

/** Where a hub member's posts go and come from: this process alone, or a bus. */
export interface HubTransport {
  /**
   * Starts carrying posts: `deliver` is called with every post of the hub, this member's own
   * included, one at a time, in the hub's one order. Resolves once posts sent from now on reach it.
   */
  open(deliver: (post: HubPost) => void): Promise<void>;
  /** Sends a post to the whole hub; resolves once it is on its way (not when it is delivered). */
  send(post: HubPost): Promise<void>;
  /** Stops; no post is delivered after it. */
  close(): Promise<void>;
}

/**
 * A hub in one process: a post is delivered when it is sent, so the order of sending is the
 * hub's order. A post sent while one is being delivered (a participant that answers at once)
 * waits until that delivery ends, so no participant sees two posts in different orders.
 */
export class LocalTransport implements HubTransport {
  #deliver: ((post: HubPost) => void) | null = null;
  readonly #queue: HubPost[] = [];
  #delivering = false;

  open(deliver: (post: HubPost) => void): Promise<void> {
    this.#deliver = deliver;
    return Promise.resolve();
  }

  send(post: HubPost): Promise<void> {
    this.#queue.push(post);
    if (!this.#delivering) this.#drain();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.#deliver = null;
    this.#queue.length = 0;
    return Promise.resolve();
  }

  #drain(): void {
    this.#delivering = true;
    try {
      for (let post = this.#queue.shift(); post !== undefined; post = this.#queue.shift()) {
        this.#deliver?.(post);
      }
    } finally {
      this.#delivering = false;
    }
  }
}
