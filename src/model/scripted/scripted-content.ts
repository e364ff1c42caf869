import { newId } from "../../message/index.js";
import type { ChatContentBlock, ChatResponse } from "../chat-response.js";
import { splitDeltas } from "./split-deltas.js";
import type { ParsedScriptedReply } from "./scripted-turn.js";

/** The full content of a scripted reply, in streaming order: thinking, text, tool calls, data. */
export function scriptedContent(reply: ParsedScriptedReply, createdAt: string): ChatContentBlock[] {
  const content: ChatContentBlock[] = [];
  if (reply.thinking !== undefined && reply.thinking !== "") {
    content.push({
      type: "thinking",
      thinking: reply.thinking,
      id: newId(),
      created_at: createdAt,
      finished_at: null,
    });
  }
  if (reply.text !== undefined && reply.text !== "") {
    content.push({
      type: "text",
      text: reply.text,
      id: newId(),
      created_at: createdAt,
      finished_at: null,
    });
  }
  for (const call of reply.toolCalls ?? []) {
    content.push({
      type: "tool_call",
      id: call.id ?? newId(),
      name: call.name,
      input: typeof call.input === "string" ? call.input : JSON.stringify(call.input),
      state: "pending",
      suggested_rules: [],
      created_at: createdAt,
      finished_at: null,
    });
  }
  for (const data of reply.data ?? []) content.push({ ...data });
  return content;
}

/**
 * The delta chunks of a scripted stream: text, thinking and tool-call input cut into pieces of
 * `chunkSize` characters (each piece under its block's id), data blocks whole. Tool calls are left
 * out when `streamToolCalls` is false.
 */
export function scriptedDeltas(
  responseId: string,
  createdAt: string,
  content: readonly ChatContentBlock[],
  chunkSize: number,
  streamToolCalls: boolean,
): ChatResponse[] {
  const chunks: ChatResponse[] = [];
  const push = (block: ChatContentBlock): void => {
    chunks.push({
      id: responseId,
      created_at: createdAt,
      content: [block],
      is_last: false,
      usage: null,
      finished_reason: "completed",
      metadata: {},
    });
  };
  for (const block of content) {
    switch (block.type) {
      case "thinking":
        for (const piece of splitDeltas(block.thinking, chunkSize))
          push({ ...block, thinking: piece });
        break;
      case "text":
        for (const piece of splitDeltas(block.text, chunkSize)) push({ ...block, text: piece });
        break;
      case "tool_call":
        if (!streamToolCalls) break;
        for (const piece of splitDeltas(block.input, chunkSize)) {
          push({ ...block, input: piece, suggested_rules: [] });
        }
        break;
      case "data":
        push({ ...block });
        break;
    }
  }
  return chunks;
}
