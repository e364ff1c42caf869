/**
 * Helpers shared by the hub tests: agents that say numbered lines, what an agent heard (the
 * messages of others in its context, in order), and a hand-made participant for failure cases.
 */
import { Subject } from "rxjs";
import {
  Agent,
  createEvent,
  ScriptedModel,
  type AgentEvent,
  type AgentPort,
  type Msg,
  type ScriptedTurn,
} from "../../../src/index.js";

/**
 * An agent (id = name) whose n-th reply says `"<id> #n"`, or plays `turns` when given. The
 * runtime-state hint is off, so the context holds only what was said.
 */
export function talker(id: string, turns?: ScriptedTurn[]): Agent {
  let n = 0;
  return new Agent({
    id,
    name: id,
    systemPrompt: `You are ${id}.`,
    model: new ScriptedModel({ responses: turns ?? (() => `${id} #${++n}`) }),
    injectionConfig: { injectRuntimeState: false },
  });
}

/** `"<name>: <text>"` of every message in the agent's context that another agent said. */
export function heard(agent: Agent): string[] {
  return agent.state.context
    .filter((m) => m.name !== agent.name)
    .map((m) => `${m.name}: ${m.getTextContent() ?? ""}`);
}

/** `"<name>: <text>"` of messages, in order. */
export function lines(msgs: readonly Msg[]): string[] {
  return msgs.map((m) => `${m.name}: ${m.getTextContent() ?? ""}`);
}

/**
 * A participant made by hand: it records what it observes, and its `observe` can be made to fail
 * (reject, or throw before returning a promise). `say` emits events as an agent's reply would.
 */
export class HandPort implements AgentPort {
  readonly observed: Msg[] = [];
  readonly events = new Subject<AgentEvent>();
  readonly events$ = this.events.asObservable();
  failure: "none" | "reject" | "throw" = "none";

  constructor(
    readonly id: string,
    readonly name: string = id,
  ) {}

  reply(): Promise<Msg> {
    return Promise.reject(new Error("HandPort does not reply"));
  }

  replyStream(): AsyncIterable<AgentEvent> {
    throw new Error("HandPort does not reply");
  }

  observe(msgs: unknown): Promise<void> {
    if (this.failure === "throw") throw new Error(`${this.id} throws`);
    if (this.failure === "reject") return Promise.reject(new Error(`${this.id} refuses`));
    this.observed.push(...(msgs as Msg[]));
    return Promise.resolve();
  }

  interrupt(): Promise<void> {
    return Promise.resolve();
  }

  /** Emits the events of a reply that says `text` (one text block), as an agent's reply does. */
  say(text: string): void {
    const reply_id = `${this.id}-${text}`;
    const block_id = `${reply_id}-text`;
    this.events.next(createEvent("MODEL_CALL_START", { reply_id, model_name: "hand" }));
    this.events.next(createEvent("TEXT_BLOCK_START", { reply_id, block_id }));
    this.events.next(createEvent("TEXT_BLOCK_DELTA", { reply_id, block_id, delta: text }));
    this.events.next(createEvent("TEXT_BLOCK_END", { reply_id, block_id }));
    this.events.next(createEvent("REPLY_END", { reply_id, session_id: this.id }));
  }
}
