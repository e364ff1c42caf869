import type { Actor } from "xstate";
import type { AgentEvent, Msg } from "../../message/index.js";
import type { AgentMachine } from "../../machines/index.js";
import type { Layer, ReplyItem } from "../../middleware/index.js";
import type { AgentState } from "../../state/index.js";

/** What the desk needs from its agent. */
export interface ReplyDeskHost {
  readonly name: string;
  /** The agent's statechart (read when a reply starts or is interrupted). */
  readonly actor: Actor<AgentMachine>;
  /** The agent's live state (it may be replaced: read each time). */
  readonly state: AgentState;
  /** A reply is handed to the statechart: watch it (a failure or a stop fails the reply). */
  watch(): void;
  /** No reply holds the agent any more: stop watching, let go of what only a reply needed. */
  rest(): void;
  /** Where every event goes (`agent.events$`). */
  publish(event: AgentEvent): void;
  /** The `onReply` chain's layers (none: events go straight to `events$`). */
  readonly onReply: readonly Layer<
    { inputs: unknown; structuredSchema: unknown },
    AsyncIterable<ReplyItem>
  >[];
  /** Saves the agent to its session now (a reply parked or ended); null without a session. */
  checkpoint(): Promise<number> | null;
  /** Replaces input media the model does not take (spec §3.4); null when there is none. */
  replaceMedia(msgs: readonly Msg[]): Promise<void> | null;
  /** What a resume awaits before it starts (what batching must know of the parked calls); null when nothing. */
  prepareResume(): Promise<void> | null;
}
