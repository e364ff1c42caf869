import type { Subscription } from "rxjs";
import type { Bus, KeyValueStore, Subjects } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import type { HubPost, WirePost } from "./hub-post.js";
import { HubPostSchema } from "./hub-post.js";
import type { HubTransport } from "./hub-transport.js";
import { PostSequence } from "./post-sequence.js";

/** The one key of a hub's sequence bucket: every put gives the next place. */
const PLACE_KEY = "place";

export interface BusTransportOptions {
  readonly bus: Bus;
  readonly subjects: Subjects;
  readonly hub: string;
  readonly gapTimeoutMs: number;
}

/**
 * A hub member on a bus. Every member of the hub (one per process, each with the same hub
 * name) publishes its participants' posts on `as.hub.<hub>.msgs` and delivers every post there
 * to its own participants. The hub's one order comes from its sequence bucket: a post first
 * takes a place (a put to the bucket; its revision is the place: one counter, linearised by the
 * server), then travels with it, and every member delivers posts in place order (see
 * {@link PostSequence}). The subject's arrival order is not enough: NATS orders the messages of
 * one publisher, not those of several, which two subscribers may see interleaved differently.
 *
 * A post is encoded once by the publisher and decoded, validated and frozen once by each
 * member, whatever the number of its participants.
 */
export class BusTransport implements HubTransport {
  readonly #options: BusTransportOptions;
  readonly #subject: string;
  #sequence: PostSequence | null = null;
  #subscription: Subscription | null = null;
  #places: Promise<KeyValueStore> | null = null;
  /** Settles when the member knows its first place; a post sent before waits for it. */
  #started: Promise<void> | null = null;

  constructor(options: BusTransportOptions) {
    this.#options = options;
    this.#subject = options.subjects.hubMsgs(options.hub);
  }

  open(deliver: (post: HubPost) => void): Promise<void> {
    this.#started = this.#open(deliver);
    return this.#started;
  }

  async #open(deliver: (post: HubPost) => void): Promise<void> {
    const { bus, hub, subjects, gapTimeoutMs } = this.#options;
    const sequence = new PostSequence(deliver, { hub, gapTimeoutMs });
    this.#sequence = sequence;
    this.#subscription = bus
      .subscribe<WirePost>(this.#subject, { schema: HubPostSchema, what: `hub '${hub}' post` })
      .subscribe({
        next: (message) => {
          sequence.take(message.data);
        },
        error: (error: unknown) => {
          getLogger().warn(`hub '${hub}': its subscription ended`, { error: String(error) });
        },
      });
    this.#places = bus.keyValue(subjects.hubSequence(hub));
    const places = await this.#places;
    // Live before the place is read: a post placed after it is published after it, so it arrives.
    await bus.flush();
    const last = await places.get(PLACE_KEY);
    sequence.start((last?.revision ?? 0) + 1);
  }

  async send(post: HubPost): Promise<void> {
    if (this.#places === null || this.#started === null) {
      throw new Error("BusTransport.send before open");
    }
    // A post placed before this member read its first place would be one it skips.
    await this.#started;
    const places = await this.#places;
    const seq = await places.put(PLACE_KEY, post.id);
    const wire: WirePost = { id: post.id, seq, sender: post.sender, msgs: post.msgs };
    this.#options.bus.publish(this.#subject, wire);
  }

  close(): Promise<void> {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    this.#sequence?.close();
    return Promise.resolve();
  }
}
