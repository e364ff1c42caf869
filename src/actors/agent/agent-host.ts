import type {
  ActingOutput,
  AgentMachineEvent,
  LoopHost,
  ReasoningOutput,
  ToolBatch,
  WorkOutput,
  WorkScope,
} from "../../machines/index.js";
import type { HintBlock, Msg } from "../../message/index.js";
import type { ToolChoice } from "../../model/index.js";

/**
 * What an `Agent` does for its statechart: the work of each state and the effects of its
 * actions. Each agent gives one (its machine input's `host`: the agent's runtime); the
 * statechart itself, with its provided slots, is built once for every agent (see
 * {@link sharedAgentMachine}).
 */
export interface AgentHost extends LoopHost {
  compress(scope: WorkScope): Promise<WorkOutput>;
  reason(toolChoice: ToolChoice | null, scope: WorkScope): Promise<ReasoningOutput>;
  runBatch(batch: ToolBatch, scope: WorkScope): Promise<ActingOutput>;
  /** The invoking state was left before its work ended: stop the work. */
  stopWork(): void;
  shouldCompress(): boolean;
  beginReply(event: AgentMachineEvent): void;
  applyResume(event: AgentMachineEvent): void;
  appendHint(hint: HintBlock | null): void;
  parkReply(msg: Msg): void;
  finishReply(reason: "completed" | "exceed_max_iters", msg: Msg): void;
  endInterrupted(): void;
  failReply(error: unknown): void;
  abortWork(): void;
}
