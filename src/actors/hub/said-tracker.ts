import { freezeMsg, Msg, type AgentEvent } from "../../message/index.js";

/**
 * Follows one participant's events and tells what it said when a reply ends: the text and data
 * blocks of the reply's last model call — what AgentScope's hub broadcasts, the reply message
 * with its thinking taken out — as one frozen assistant message with the reply's id. Tool calls
 * and results, thinking and hints stay the speaker's own (an agent refuses to observe them).
 *
 * It reads events, not the `reply` call's result, because a participant's reply is broadcast
 * whoever asked for it, and events are what every agent offers alike (a local `Agent` and an
 * agent on the bus). A reply whose last model call said nothing (an interrupt before any text, a
 * structured output given through its tool) says nothing to the hub.
 */
export class SaidTracker {
  readonly #name: string;
  #replyId: string | null = null;
  /** The last model call's text and data, rebuilt from its events (spec §1.3). */
  #said: Msg | null = null;

  constructor(name: string) {
    this.#name = name;
  }

  /** Takes the participant's next event; returns what it said when the event ends a reply. */
  take(event: AgentEvent): Msg | null {
    switch (event.type) {
      case "MODEL_CALL_START":
        this.#replyId = event.reply_id;
        this.#said = new Msg({
          name: this.#name,
          role: "assistant",
          id: event.reply_id,
          content: [],
        });
        return null;
      case "TEXT_BLOCK_START":
      case "TEXT_BLOCK_DELTA":
      case "TEXT_BLOCK_END":
      case "DATA_BLOCK_START":
      case "DATA_BLOCK_DELTA":
      case "DATA_BLOCK_END":
        if (event.reply_id === this.#replyId) this.#said?.appendEvent(event);
        return null;
      case "REPLY_END":
        return this.#end(event);
      default:
        return null;
    }
  }

  #end(event: Extract<AgentEvent, { type: "REPLY_END" }>): Msg | null {
    const said = event.reply_id === this.#replyId ? this.#said : null;
    this.#said = null;
    this.#replyId = null;
    if (said === null || said.content.length === 0) return null;
    said.appendEvent(event);
    return freezeMsg(said);
  }
}
