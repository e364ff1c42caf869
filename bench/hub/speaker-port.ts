import { Subject } from "rxjs";
import { createEvent, type AgentEvent, type AgentPort, type Msg } from "../../src/index.js";
import { newId } from "../../src/utils.js";

/** The one promise every `observe` of a speaker returns: recording allocates nothing. */
const OBSERVED: Promise<void> = Promise.resolve();

/**
 * The cheapest real hub participant: an `AgentPort` whose `observe` records (a count and the
 * last messages, which a check reads) and whose `say` emits the events of a one-line reply —
 * what an `Agent` emits when a reply of one text block ends, which is what the hub listens to.
 * It has no model, no statechart and no context, so the bench measures the hub's delivery path
 * and not an agent's; `agents.ts` runs real `Agent`s.
 */
export class SpeakerPort implements AgentPort {
  readonly #events = new Subject<AgentEvent>();
  readonly events$ = this.#events.asObservable();
  observed = 0;
  last: unknown = null;

  constructor(
    readonly id: string,
    readonly name: string = id,
  ) {}

  observe(msgs: unknown): Promise<void> {
    this.observed += 1;
    this.last = msgs;
    return OBSERVED;
  }

  /** One reply that says `text`: model call start, one text block, reply end. */
  say(text: string): void {
    const reply_id = newId();
    const block_id = newId();
    const events = this.#events;
    events.next(createEvent("MODEL_CALL_START", { reply_id, model_name: "speaker" }));
    events.next(createEvent("TEXT_BLOCK_START", { reply_id, block_id }));
    events.next(createEvent("TEXT_BLOCK_DELTA", { reply_id, block_id, delta: text }));
    events.next(createEvent("TEXT_BLOCK_END", { reply_id, block_id }));
    events.next(createEvent("REPLY_END", { reply_id, session_id: this.id }));
  }

  reply(): Promise<Msg> {
    return Promise.reject(new Error("a SpeakerPort only says scripted lines (say)"));
  }

  replyStream(): AsyncIterable<AgentEvent> {
    throw new Error("a SpeakerPort only says scripted lines (say)");
  }

  interrupt(): Promise<void> {
    return OBSERVED;
  }
}
