import { newId, type Msg } from "../../message/index.js";

/**
 * A tool call's id as the provider gave it, or a new one when it is missing, empty or already
 * taken by another call of the conversation (see {@link takenCallIds}) or of the same response.
 * Some OpenAI-compatible servers send `""`, or `call_0` for the first call of every response; the
 * context needs each call's result to find its call, and a state with two calls of one id is
 * refused on load.
 *
 * @example
 * const taken = new Set<string>();
 * callId("call_1", taken); // "call_1"
 * callId("call_1", taken); // a new id
 */
export function callId(id: string | null | undefined, taken: Set<string>): string {
  const unique = typeof id === "string" && id !== "" && !taken.has(id) ? id : newId();
  taken.add(unique);
  return unique;
}

/** The ids of the tool calls in the conversation sent to the model: a new call may not reuse one. */
export function takenCallIds(messages: readonly Msg[]): Set<string> {
  const taken = new Set<string>();
  for (const msg of messages)
    for (const block of msg.content) if (block.type === "tool_call") taken.add(block.id);
  return taken;
}
