import { AbortedError } from "../../errors/index.js";
import type { Msg } from "../../message/index.js";
import type { ReplyOptions } from "../agent/agent-options.js";
import type { AgentPort } from "../agent/agent-port.js";
import { inputCopy, type PipelineInput } from "./pipeline-input.js";
import { isAborted, replyOrInterrupt } from "./reply-or-interrupt.js";

/** Options of {@link fanoutPipeline}. */
export interface FanoutPipelineOptions {
  /**
   * Whether the agents reply concurrently (default true, AgentScope's `enable_gather`); false:
   * one after the other, in order. Either way each replies to its own copy of `msg`.
   */
  gather?: boolean | undefined;
  /** Stops the pipeline: the agents replying are interrupted, and it rejects with `ABORTED`. */
  signal?: AbortSignal | undefined;
  /** Passed to every agent's `reply` (AgentScope's `**kwargs`: a structured schema, `queue`). */
  replyOptions?: ReplyOptions | undefined;
}

/**
 * AgentScope's `fanout_pipeline`: every agent replies to the same input, each to its own copy
 * of it (no agent sees what another did to it); resolves with their replies, in agent order.
 * Gathered, the first failure interrupts the agents still replying, waits for them to end, and
 * rejects with that failure.
 *
 * @example
 * const votes = await fanoutPipeline(jurors, new UserMsg({ name: "judge", content: "Guilty?" }));
 */
export async function fanoutPipeline(
  agents: readonly AgentPort[],
  msg?: PipelineInput,
  options: FanoutPipelineOptions = {},
): Promise<Msg[]> {
  const { gather = true, signal, replyOptions } = options;
  if (isAborted(signal)) throw aborted(signal?.reason);
  if (!gather) {
    const replies: Msg[] = [];
    for (const agent of agents) {
      replies.push(await replyOrInterrupt(agent, inputCopy(msg), replyOptions, signal));
      if (isAborted(signal)) throw aborted(signal?.reason);
    }
    return replies;
  }
  // One signal for the agents: the caller's abort, or the first failure, interrupts them all.
  const stop = new AbortController();
  const onAbort = (): void => {
    stop.abort(signal?.reason);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const replies = agents.map((agent) =>
    replyOrInterrupt(agent, inputCopy(msg), replyOptions, stop.signal),
  );
  try {
    const all = await Promise.all(replies);
    if (isAborted(signal)) throw aborted(signal?.reason);
    return all;
  } catch (error) {
    stop.abort(error);
    await Promise.allSettled(replies);
    throw isAborted(signal) ? aborted(signal?.reason) : error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

function aborted(reason: unknown): AbortedError {
  return new AbortedError("fanout pipeline", { cause: reason });
}
