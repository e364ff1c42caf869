import type { Msg } from "../../message/index.js";

interface Entry {
  readonly msgs: readonly Msg[];
  /** Its media replacement (spec §3.4) has finished. */
  ready: boolean;
}

/**
 * Messages observed while the agent could not take them: during a reply (the live context may end
 * with a tool call whose result is not there yet — a message between them is a conversation
 * OpenAI rejects) or while a reply is parked on such calls. They wait here, in call order, and
 * are appended when the agent is at rest; an entry still replacing its media holds back the
 * ones after it, so the order never changes.
 */
export class ObserveInbox {
  readonly #entries: Entry[] = [];

  get isEmpty(): boolean {
    return this.#entries.length === 0;
  }

  /**
   * Queues `msgs`. `prepared` (their media replacement, or null when there is none) must finish
   * before they can be appended; `onReady` is called when it has. Resolves once queued and
   * prepared; a failed preparation drops the entry and rejects with its error.
   */
  async add(
    msgs: readonly Msg[],
    prepared: Promise<void> | null,
    onReady: () => void,
  ): Promise<void> {
    const entry: Entry = { msgs, ready: prepared === null };
    this.#entries.push(entry);
    if (prepared === null) return;
    try {
      await prepared;
      entry.ready = true;
    } catch (error) {
      this.#entries.splice(this.#entries.indexOf(entry), 1);
      throw error;
    } finally {
      onReady();
    }
  }

  /** Takes the messages of the ready entries at the head, in order (stops at a pending one). */
  takeReady(): Msg[] {
    const out: Msg[] = [];
    let taken = 0;
    for (const entry of this.#entries) {
      if (!entry.ready) break;
      out.push(...entry.msgs);
      taken++;
    }
    this.#entries.splice(0, taken);
    return out;
  }
}
