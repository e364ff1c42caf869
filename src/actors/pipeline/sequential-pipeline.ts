import { AbortedError } from "../../errors/index.js";
import type { Msg } from "../../message/index.js";
import type { AgentPort } from "../agent/agent-port.js";
import type { ReplyOptions } from "../agent/agent-options.js";
import type { PipelineInput } from "./pipeline-input.js";
import { isAborted, replyOrInterrupt } from "./reply-or-interrupt.js";

/** Options of {@link sequentialPipeline}. */
export interface SequentialPipelineOptions {
  /** Stops the pipeline: the agent replying is interrupted, and the pipeline rejects with `ABORTED`. */
  signal?: AbortSignal | undefined;
  /** Passed to every agent's `reply` (a structured schema, `queue`). */
  replyOptions?: ReplyOptions | undefined;
}

/**
 * AgentScope's `sequential_pipeline`: each agent replies to what the one before it said, the
 * first to `msg`; resolves with the last agent's reply (with no agents, with `msg` itself).
 *
 * @example
 * const final = await sequentialPipeline([writer, critic, editor], new UserMsg({ name: "user", content: "A haiku on NATS" }));
 */
export function sequentialPipeline(
  agents: readonly [AgentPort, ...AgentPort[]],
  msg?: PipelineInput,
  options?: SequentialPipelineOptions,
): Promise<Msg>;
export function sequentialPipeline(
  agents: readonly AgentPort[],
  msg?: PipelineInput,
  options?: SequentialPipelineOptions,
): Promise<Msg | PipelineInput>;
export async function sequentialPipeline(
  agents: readonly AgentPort[],
  msg?: PipelineInput,
  options: SequentialPipelineOptions = {},
): Promise<Msg | PipelineInput> {
  const { signal, replyOptions } = options;
  let current: Msg | PipelineInput = msg;
  for (const agent of agents) {
    if (isAborted(signal)) throw aborted(signal?.reason);
    current = await replyOrInterrupt(agent, current, replyOptions, signal);
    if (isAborted(signal)) throw aborted(signal?.reason);
  }
  return current;
}

function aborted(reason: unknown): AbortedError {
  return new AbortedError("sequential pipeline", { cause: reason });
}
