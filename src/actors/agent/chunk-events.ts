import { createEvent, newId, type AgentEvent } from "../../message/index.js";
import type { ChatResponse } from "../../model/index.js";

/**
 * Turns a model's response chunks into reply events (spec §3.6 steps 3–4). One converter per
 * model call: it remembers which blocks are open. Text and thinking blocks get agent-minted ids
 * (the model's own ids stay in the saved context — an AgentScope quirk kept for compatibility);
 * tool calls and data blocks keep their ids.
 */
export class ChunkEventConverter {
  #thinkingId: string | null = null;
  #textId: string | null = null;
  /** Open tool calls, in the order they started (made when the first one starts). */
  #toolIds: Set<string> | null = null;
  /** Open data blocks (made when the first one starts). */
  #dataIds: Set<string> | null = null;

  constructor(private readonly replyId: string) {}

  /** The events of one chunk, pushed onto `out` (no array per chunk on the hot path). */
  convert(chunk: ChatResponse, out: AgentEvent[]): void {
    const reply_id = this.replyId;
    let thinking: string | null = null;
    let text: string | null = null;
    let hasData = false;
    for (const block of chunk.content) {
      if (block.type === "thinking") thinking = (thinking ?? "") + block.thinking;
      else if (block.type === "text") text = (text ?? "") + block.text;
      else if (block.type === "data") hasData = true;
    }

    if (thinking !== null) {
      if (this.#thinkingId === null) {
        this.#thinkingId = newId();
        out.push(createEvent("THINKING_BLOCK_START", { reply_id, block_id: this.#thinkingId }));
      }
      out.push(
        createEvent("THINKING_BLOCK_DELTA", {
          reply_id,
          block_id: this.#thinkingId,
          delta: thinking,
        }),
      );
    } else if (!hasData && this.#thinkingId !== null) {
      out.push(createEvent("THINKING_BLOCK_END", { reply_id, block_id: this.#thinkingId }));
      this.#thinkingId = null;
    }

    if (text !== null) {
      if (this.#textId === null) {
        this.#textId = newId();
        out.push(createEvent("TEXT_BLOCK_START", { reply_id, block_id: this.#textId }));
      }
      out.push(createEvent("TEXT_BLOCK_DELTA", { reply_id, block_id: this.#textId, delta: text }));
    } else if (!hasData && this.#textId !== null) {
      out.push(createEvent("TEXT_BLOCK_END", { reply_id, block_id: this.#textId }));
      this.#textId = null;
    }

    let hasCalls = false;
    for (const block of chunk.content) {
      if (block.type !== "tool_call") continue;
      hasCalls = true;
      const open = (this.#toolIds ??= new Set());
      if (!open.has(block.id)) {
        open.add(block.id);
        out.push(
          createEvent("TOOL_CALL_START", {
            reply_id,
            tool_call_id: block.id,
            tool_call_name: block.name,
          }),
        );
      }
      if (block.input.length > 0) {
        out.push(
          createEvent("TOOL_CALL_DELTA", { reply_id, tool_call_id: block.id, delta: block.input }),
        );
      }
    }
    const openCalls = this.#toolIds;
    if (openCalls !== null) {
      for (const id of openCalls) {
        if (hasCalls && hasToolCall(chunk, id)) continue;
        out.push(createEvent("TOOL_CALL_END", { reply_id, tool_call_id: id }));
        openCalls.delete(id);
      }
    }

    for (const block of chunk.content) {
      if (block.type !== "data" || block.source.type !== "base64") continue;
      const open = (this.#dataIds ??= new Set());
      if (!open.has(block.id)) {
        open.add(block.id);
        out.push(
          createEvent("DATA_BLOCK_START", {
            reply_id,
            block_id: block.id,
            media_type: block.source.media_type,
          }),
        );
      }
      out.push(
        createEvent("DATA_BLOCK_DELTA", {
          reply_id,
          block_id: block.id,
          data: block.source.data,
          media_type: block.source.media_type,
        }),
      );
    }
  }

  /** END events for whatever is still open: text, thinking, tool calls, data (in that order). */
  close(out: AgentEvent[]): void {
    const reply_id = this.replyId;
    if (this.#textId !== null) {
      out.push(createEvent("TEXT_BLOCK_END", { reply_id, block_id: this.#textId }));
      this.#textId = null;
    }
    if (this.#thinkingId !== null) {
      out.push(createEvent("THINKING_BLOCK_END", { reply_id, block_id: this.#thinkingId }));
      this.#thinkingId = null;
    }
    if (this.#toolIds !== null) {
      for (const id of this.#toolIds)
        out.push(createEvent("TOOL_CALL_END", { reply_id, tool_call_id: id }));
      this.#toolIds.clear();
    }
    if (this.#dataIds !== null) {
      for (const id of this.#dataIds)
        out.push(createEvent("DATA_BLOCK_END", { reply_id, block_id: id }));
      this.#dataIds.clear();
    }
  }
}

/** Whether the chunk carries a piece of the tool call with this id (a chunk has few blocks). */
function hasToolCall(chunk: ChatResponse, id: string): boolean {
  for (const block of chunk.content) if (block.type === "tool_call" && block.id === id) return true;
  return false;
}
