import type { ChatResponse } from "./chat-response.js";
import { ModelError } from "./errors/model-error.js";
import { ModelErrorCode } from "./errors/model-error-code.js";

/**
 * Why `value` is not a {@link ChatResponse} the agent can use, or null. Cheap structural checks
 * (no schema parse, no allocation), one pass over the blocks: it runs on every streamed chunk.
 * It checks what the agent reads — the `content` list, each block's type and the fields of its
 * type, `is_last`, the usage counts and the finished reason — so that what is saved in the
 * context stays valid data.
 */
export function chatResponseProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return `is ${describe(value)}`;
  const response = value as Partial<Record<keyof ChatResponse, unknown>>;
  const content = response.content;
  if (!Array.isArray(content)) return "has no 'content' list";
  if (typeof response.is_last !== "boolean") return "has no boolean 'is_last'";
  const reason = response.finished_reason;
  if (reason !== undefined && reason !== "completed" && reason !== "interrupted") {
    return "has a 'finished_reason' other than 'completed' or 'interrupted'";
  }
  const usage = response.usage;
  if (usage !== undefined && usage !== null) {
    if (typeof usage !== "object") return "has a 'usage' that is not an object";
    const counts = usage as Record<string, unknown>;
    if (!isCount(counts["input_tokens"]) || !isCount(counts["output_tokens"])) {
      return "has 'usage' token counts that are not non-negative integers";
    }
  }
  for (let i = 0; i < content.length; i++) {
    const problem = blockProblem(content[i]);
    if (problem !== null) return `has a block ${i} that ${problem}`;
  }
  return null;
}

/**
 * The `MODEL_INVALID_RESPONSE` error for a call's result or a stream's chunk that
 * {@link chatResponseProblem} refused.
 */
export function invalidResponseError(
  model: string,
  what: "response" | "chunk",
  problem: string,
): ModelError {
  return new ModelError(
    ModelErrorCode.INVALID_RESPONSE,
    `Model '${model}' returned a ${what} that ${problem}; a call must resolve to a ChatResponse ` +
      "or an async iterable of them.",
    { model, retryable: false },
  );
}

function blockProblem(block: unknown): string | null {
  if (typeof block !== "object" || block === null) return `is ${describe(block)}`;
  const b = block as Record<string, unknown>;
  if (typeof b["id"] !== "string") return "has no string 'id'";
  switch (b["type"]) {
    case "text":
      return typeof b["text"] === "string" ? null : "is a text block without a string 'text'";
    case "thinking":
      return typeof b["thinking"] === "string"
        ? null
        : "is a thinking block without a string 'thinking'";
    case "tool_call":
      return typeof b["name"] === "string" && typeof b["input"] === "string"
        ? null
        : "is a tool call without a string 'name' and 'input'";
    case "data":
      return dataSourceProblem(b["source"]);
    default:
      return "is not a text, thinking, tool_call or data block";
  }
}

function dataSourceProblem(source: unknown): string | null {
  if (typeof source !== "object" || source === null) return "is a data block without a source";
  const s = source as Record<string, unknown>;
  if (typeof s["media_type"] !== "string") return "is a data block without a media type";
  if (s["type"] === "base64" && typeof s["data"] === "string") return null;
  if (s["type"] === "url" && typeof s["url"] === "string") return null;
  return "is a data block whose source is neither base64 data nor a URL";
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  return typeof value === "object" ? "not an object" : `a ${typeof value}`;
}
