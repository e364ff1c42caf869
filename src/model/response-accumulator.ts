import { assignOwn, concatBase64, newId, now, setOwn } from "../message/index.js";
import type { ChatContentBlock, ChatResponse, ChatUsage } from "./chat-response.js";

/**
 * Folds streamed delta chunks into the full response: blocks are matched by `id` (text, thinking
 * and tool-call input concatenate; base64 data concatenates by bytes), new ids are appended in
 * order of first appearance, the latest usage wins. What the final `is_last` chunk carries, and
 * what an interrupted stream ends with.
 */
export class ResponseAccumulator {
  #id: string | null = null;
  #blocks: ChatContentBlock[] = [];
  #byId = new Map<string, ChatContentBlock>();
  #usage: ChatUsage | null = null;
  #metadata: Record<string, unknown> = {};

  /** Adds one delta chunk. */
  add(chunk: ChatResponse): void {
    this.#id ??= chunk.id;
    if (chunk.usage !== null) this.#usage = chunk.usage;
    // Provider data: a `__proto__` key stays a key (never the metadata's prototype).
    const metadata = chunk.metadata as ChatResponse["metadata"] | undefined;
    if (metadata !== undefined) assignOwn(this.#metadata, metadata);
    for (const delta of chunk.content) this.#addBlock(delta);
  }

  /** True when no content has arrived yet. */
  get empty(): boolean {
    return this.#blocks.length === 0;
  }

  /** Overrides the usage (for providers that report it outside content chunks). */
  setUsage(usage: ChatUsage | null): void {
    if (usage !== null) this.#usage = usage;
  }

  /** Records provider metadata on the final response. */
  setMetadata(key: string, value: unknown): void {
    setOwn(this.#metadata, key, value);
  }

  /** The accumulated response, as the final `is_last` chunk. */
  build(finishedReason: ChatResponse["finished_reason"] = "completed"): ChatResponse {
    return {
      id: this.#id ?? newId(),
      created_at: now(),
      content: this.#blocks.map((block) => ({ ...block })),
      is_last: true,
      usage: this.#usage,
      finished_reason: finishedReason,
      metadata: { ...this.#metadata },
    };
  }

  #addBlock(delta: ChatContentBlock): void {
    const current = this.#byId.get(delta.id);
    if (current === undefined) {
      const copy = { ...delta };
      this.#byId.set(delta.id, copy);
      this.#blocks.push(copy);
      return;
    }
    if (current.type === "text" && delta.type === "text") current.text += delta.text;
    else if (current.type === "thinking" && delta.type === "thinking") {
      // Provider fields such as a signature arrive on some delta; keep the latest.
      assignOwn(current, { ...delta, thinking: current.thinking + delta.thinking });
    } else if (current.type === "tool_call" && delta.type === "tool_call") {
      current.input += delta.input;
      if (current.name === "" && delta.name !== "") current.name = delta.name;
    } else if (
      current.type === "data" &&
      delta.type === "data" &&
      current.source.type === "base64" &&
      delta.source.type === "base64"
    ) {
      current.source = {
        ...current.source,
        data: concatBase64(current.source.data, delta.source.data),
      };
    }
  }
}
