import { getLogger } from "../../errors/index.js";
import type { WirePost } from "./hub-post.js";

export interface PostSequenceOptions {
  /** The hub's name, for warnings. */
  readonly hub: string;
  /** How long a missing post is waited for before it is skipped. */
  readonly gapTimeoutMs: number;
}

/**
 * Puts a hub's posts back into the hub's order: each carries its place (`seq`, from the hub's
 * sequence), and they are delivered 1, 2, 3, … whatever order they arrive in — posts of several
 * publishers may reach two subscribers of one nats-server in different orders.
 *
 * Posts that arrive before the member knows where it starts are held. A post that never comes
 * (its publisher died between taking its place and publishing, or the connection lost it) holds
 * the later ones back for `gapTimeoutMs`; then it is skipped with a warning, and if it arrives
 * after all it is dropped with a warning (the others skipped it too, unless it reached them in
 * time: the one case where members may differ, and the warning says so).
 */
export class PostSequence {
  readonly #deliver: (post: WirePost) => void;
  readonly #options: PostSequenceOptions;
  readonly #held = new Map<number, WirePost>();
  /** The next place to deliver; null until `start`. */
  #next: number | null = null;
  /** Where this member started: earlier posts were the hub's before it joined. */
  #first = 0;
  #gap: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(deliver: (post: WirePost) => void, options: PostSequenceOptions) {
    this.#deliver = deliver;
    this.#options = options;
  }

  /** The member's first place: posts before it were said before it joined. */
  start(next: number): void {
    this.#next = next;
    this.#first = next;
    for (const seq of this.#held.keys()) if (seq < next) this.#held.delete(seq);
    this.#drain();
  }

  /** Takes a post as it arrives. */
  take(post: WirePost): void {
    if (this.#closed) return;
    const next = this.#next;
    if (next !== null && post.seq < next) {
      if (post.seq >= this.#first) this.#late(post);
      return;
    }
    if (this.#held.has(post.seq)) {
      getLogger().warn(
        `hub '${this.#options.hub}': two posts at place ${post.seq}; kept the first`,
        {
          post: post.id,
        },
      );
      return;
    }
    this.#held.set(post.seq, post);
    if (post.seq === next) this.#drain();
    else if (next !== null) this.#armGap();
  }

  close(): void {
    this.#closed = true;
    this.#clearGap();
    this.#held.clear();
  }

  #drain(): void {
    let next = this.#next;
    if (next === null) return;
    for (let post = this.#held.get(next); post !== undefined; post = this.#held.get(next)) {
      this.#held.delete(next);
      next += 1;
      this.#next = next;
      this.#deliver(post);
      if (this.#closed) return;
    }
    this.#clearGap();
    if (this.#held.size > 0) this.#armGap();
  }

  #armGap(): void {
    if (this.#gap !== null) return;
    this.#gap = setTimeout(() => {
      this.#gap = null;
      this.#skip();
    }, this.#options.gapTimeoutMs);
  }

  #clearGap(): void {
    if (this.#gap === null) return;
    clearTimeout(this.#gap);
    this.#gap = null;
  }

  /** The missing posts are given up: delivery goes on from the first post held. */
  #skip(): void {
    const next = this.#next;
    if (next === null || this.#held.size === 0) return;
    let lowest = Infinity;
    for (const seq of this.#held.keys()) if (seq < lowest) lowest = seq;
    getLogger().warn(
      `hub '${this.#options.hub}': posts ${next}..${lowest - 1} did not arrive within ${this.#options.gapTimeoutMs} ms; skipped`,
      { from: next, to: lowest - 1 },
    );
    this.#next = lowest;
    this.#drain();
  }

  #late(post: WirePost): void {
    getLogger().warn(
      `hub '${this.#options.hub}': post ${post.seq} arrived after it was skipped; dropped (members that got it in time delivered it)`,
      { post: post.id, seq: post.seq },
    );
  }
}
