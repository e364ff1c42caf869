import type { Observable } from "rxjs";
import type { AgentEvent, Msg } from "../../message/index.js";
import type { ReplyOptions } from "./agent-options.js";

/**
 * The one interface of an agent, whatever runs it: a local `Agent`, and (with the bus) a proxy of
 * a remote one or a hub participant. Every call is a command through the agent's mailbox:
 * replies queue in call order, `observe` during a reply applies when it ends, `interrupt` jumps
 * the queue.
 *
 * @example
 * async function ask(agent: AgentPort, question: Msg): Promise<string> {
 *   return (await agent.reply(question)).getTextContent() ?? "";
 * }
 */
export interface AgentPort {
  /** A stable id, unique among the agents of a system. */
  readonly id: string;
  /** The name its messages carry (`msg.name`). */
  readonly name: string;
  /** Replies to the input (messages, or an input event resuming a parked reply). */
  reply(inputs?: unknown, options?: ReplyOptions): Promise<Msg>;
  /** The same reply, as its stream of events. */
  replyStream(inputs?: unknown, options?: ReplyOptions): AsyncIterable<AgentEvent>;
  /** Adds messages to its context without replying. */
  observe(msgs: unknown): Promise<void>;
  /** Interrupts the running (or parked) reply. */
  interrupt(): Promise<void>;
  /** Every event of every reply, as it is streamed. */
  readonly events$: Observable<AgentEvent>;
}
