import { getLogger } from "../../errors/index.js";
import type { Msg } from "../../message/index.js";
import type { ReplyOptions } from "../agent/agent-options.js";
import type { AgentPort } from "../agent/agent-port.js";

/**
 * `agent.reply(input)`, interrupted when `signal` fires while it runs (the reply then ends as
 * the agent ends an interrupted reply, and resolves). The interrupt is the agent's own: it
 * stops the reply the agent is running, which is this one unless others queued before it.
 */
export async function replyOrInterrupt(
  agent: AgentPort,
  input: unknown,
  replyOptions: ReplyOptions | undefined,
  signal: AbortSignal | undefined,
): Promise<Msg> {
  if (signal === undefined) return agent.reply(input, replyOptions);
  const onAbort = (): void => {
    agent.interrupt().catch((error: unknown) => {
      getLogger().warn(`pipeline: agent '${agent.id}' could not be interrupted`, {
        error: String(error),
      });
    });
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await agent.reply(input, replyOptions);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Whether the signal fired (a call, so that a check after an `await` is not narrowed away). */
export function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
