import type { ChatCompletion } from "openai/resources/chat/completions";
import { newId, now } from "../../message/index.js";
import type { ChatContentBlock, ChatResponse } from "../chat-response.js";
import { toChatUsage } from "./openai-usage.js";

/** Reasoning as DeepSeek and Qwen (`reasoning_content`) or vLLM and OpenRouter (`reasoning`) send it. */
export interface ReasoningFields {
  reasoning_content?: unknown;
  reasoning?: unknown;
}

/** The reasoning text of a message or delta, or "" when there is none. */
export function reasoningOf(fields: ReasoningFields): string {
  if (typeof fields.reasoning_content === "string") return fields.reasoning_content;
  if (typeof fields.reasoning === "string") return fields.reasoning;
  return "";
}

/**
 * A non-streamed completion as one `is_last` response: reasoning as a thinking block, the text
 * (or a refusal) as a text block, function calls as tool-call blocks; usage with cached tokens.
 */
export function readCompletion(completion: ChatCompletion, startedAt: number): ChatResponse {
  const createdAt = now();
  const content: ChatContentBlock[] = [];
  const choice = completion.choices[0];
  const metadata: Record<string, unknown> = {};
  if (choice !== undefined) {
    const message = choice.message as typeof choice.message & ReasoningFields;
    const thinking = reasoningOf(message);
    if (thinking !== "") {
      content.push({
        type: "thinking",
        thinking,
        id: newId(),
        created_at: createdAt,
        finished_at: null,
      });
    }
    const text = message.content ?? message.refusal ?? "";
    if (text !== "") {
      content.push({ type: "text", text, id: newId(), created_at: createdAt, finished_at: null });
    }
    for (const call of message.tool_calls ?? []) {
      if (call.type !== "function") continue;
      content.push({
        type: "tool_call",
        id: call.id,
        name: call.function.name,
        input: call.function.arguments,
        state: "pending",
        suggested_rules: [],
        created_at: createdAt,
        finished_at: null,
      });
    }
    if (choice.finish_reason !== null) metadata["finish_reason"] = choice.finish_reason;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    id: typeof completion.id === "string" && completion.id !== "" ? completion.id : newId(),
    created_at: createdAt,
    content,
    is_last: true,
    usage: completion.usage == null ? null : toChatUsage(completion.usage, seconds),
    finished_reason: "completed",
    metadata,
  };
}
