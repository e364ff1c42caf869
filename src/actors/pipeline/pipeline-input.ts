import { isFrozenMsg, Msg } from "../../message/index.js";

/** What a pipeline passes to its first agent (or to every agent, for a fanout). */
export type PipelineInput = Msg | readonly Msg[] | null | undefined;

/**
 * A copy of the input for one agent, so that no agent sees what another did to its input
 * (AgentScope's `deepcopy(msg)`); a frozen message cannot change, so it is shared. Anything else
 * goes as it is: the agent validates its input.
 */
export function inputCopy(input: PipelineInput): PipelineInput {
  if (Array.isArray(input)) return (input as readonly unknown[]).map(copyMsg) as Msg[];
  return copyMsg(input) as PipelineInput;
}

function copyMsg(value: unknown): unknown {
  if (!(value instanceof Msg) || isFrozenMsg(value)) return value;
  return Msg.fromJSON(value.toJSON());
}
