import { newId, now } from "../../message/index.js";
import type { ChatContentBlock, ChatResponse } from "../chat-response.js";
import { callId } from "./call-id.js";
import { describeIssues, protocolError, type ErrorContext } from "./openai-error-map.js";
import { toChatUsage } from "./openai-usage.js";
import { WireCompletionSchema, type WireCompletion } from "./openai-wire.js";

/** How much of a non-JSON body an error quotes. */
const QUOTED_CHARS = 200;

/**
 * The completion the SDK read, checked against the wire shape. The SDK hands over the text of a
 * body that is not JSON (an HTML error page behind a proxy): that, `null`, or JSON of the wrong
 * shape is a `MODEL_UPSTREAM` error naming what was wrong.
 */
export function parseCompletion(
  data: unknown,
  response: Response,
  ctx: ErrorContext,
): WireCompletion {
  if (typeof data === "string") {
    const type = response.headers.get("content-type") ?? "no content type";
    throw protocolError(ctx, `a ${type} body`, JSON.stringify(data.slice(0, QUOTED_CHARS)));
  }
  const parsed = WireCompletionSchema.safeParse(data);
  if (!parsed.success) throw protocolError(ctx, "a completion", describeIssues(parsed.error));
  return parsed.data;
}

/** Reasoning as DeepSeek and Qwen (`reasoning_content`) or vLLM and OpenRouter (`reasoning`) send it. */
export interface ReasoningFields {
  reasoning_content?: string | null | undefined;
  reasoning?: string | null | undefined;
}

/** The reasoning text of a message or delta, or "" when there is none. */
export function reasoningOf(fields: ReasoningFields): string {
  return fields.reasoning_content ?? fields.reasoning ?? "";
}

/**
 * A non-streamed completion (already checked against its wire schema) as one `is_last` response:
 * reasoning as a thinking block, the text (or a refusal) as a text block, function calls as
 * tool-call blocks; usage with cached tokens.
 */
export function readCompletion(
  completion: WireCompletion,
  startedAt: number,
  taken: Set<string> = new Set(),
): ChatResponse {
  const createdAt = now();
  const content: ChatContentBlock[] = [];
  const choice = completion.choices[0];
  const metadata: Record<string, unknown> = {};
  if (choice !== undefined) {
    const message = choice.message;
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
      if ((call.type ?? "function") !== "function" || call.function == null) continue;
      content.push({
        type: "tool_call",
        id: callId(call.id, taken),
        name: call.function.name,
        input: call.function.arguments,
        state: "pending",
        suggested_rules: [],
        created_at: createdAt,
        finished_at: null,
      });
    }
    if (choice.finish_reason != null) metadata["finish_reason"] = choice.finish_reason;
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
