import { getLogger } from "../errors/index.js";
import { concatBase64 } from "./base64.js";
import { addUsage } from "./usage.js";
import type { ContentBlock, ContentBlockType, BlockOfType } from "./blocks/content-block.js";
import type { TextOrDataBlock } from "./blocks/tool-result-block.js";
import type { AgentEvent } from "./events/agent-event.js";
import type { MsgData } from "./msg-schema.js";

/**
 * Applies one event of a reply to the message being rebuilt from it (spec §1.3): the client-side
 * half of streaming. Mutates `msg`. An event for another reply, or one whose target block is
 * missing, logs a warning and changes nothing; it never throws.
 *
 * Blocks created here take the event's `created_at`, so replaying the same events always gives
 * the same message (the reference stamps them with the time of replay).
 */
export function applyEvent(msg: MsgData, event: AgentEvent): void {
  if (event.type === "CUSTOM") return; // no reply_id: not part of any message
  if (event.reply_id !== msg.id) {
    warn(`ignored ${event.type} for reply '${event.reply_id}' on message '${msg.id}'`);
    return;
  }
  const at = event.created_at;
  const content = msg.content;
  switch (event.type) {
    case "REPLY_END":
      msg.finished_at = at;
      msg.finished_reason = event.finished_reason;
      msg.error = event.error;
      return;
    case "MODEL_CALL_END":
      msg.usage = addUsage(msg.usage, event);
      return;
    case "TEXT_BLOCK_START":
      content.push({
        type: "text",
        text: "",
        id: event.block_id,
        created_at: at,
        finished_at: null,
      });
      return;
    case "TEXT_BLOCK_DELTA": {
      const block = find(content, "text", event.block_id, event.type);
      if (block) block.text += event.delta;
      return;
    }
    case "THINKING_BLOCK_START":
      content.push({
        type: "thinking",
        thinking: "",
        id: event.block_id,
        created_at: at,
        finished_at: null,
      });
      return;
    case "THINKING_BLOCK_DELTA": {
      const block = find(content, "thinking", event.block_id, event.type);
      if (block) block.thinking += event.delta;
      return;
    }
    case "DATA_BLOCK_START":
      content.push({
        type: "data",
        id: event.block_id,
        source: { type: "base64", data: "", media_type: event.media_type },
        name: null,
        created_at: at,
        finished_at: null,
      });
      return;
    case "DATA_BLOCK_DELTA": {
      const block = find(content, "data", event.block_id, event.type);
      if (!block || event.data.length === 0) return;
      if (block.source.type !== "base64") {
        warn(`ignored ${event.type}: data block '${event.block_id}' has a URL source`);
        return;
      }
      block.source.data = concatBase64(block.source.data, event.data);
      return;
    }
    case "TEXT_BLOCK_END":
    case "THINKING_BLOCK_END":
    case "DATA_BLOCK_END": {
      const kind =
        event.type === "TEXT_BLOCK_END"
          ? "text"
          : event.type === "DATA_BLOCK_END"
            ? "data"
            : "thinking";
      const block = find(content, kind, event.block_id, event.type);
      if (block) block.finished_at = at;
      return;
    }
    case "HINT_BLOCK":
      content.push({
        type: "hint",
        hint: event.hint,
        id: event.block_id,
        source: event.source,
        created_at: at,
        finished_at: at,
      });
      return;
    case "TOOL_CALL_START":
      content.push({
        type: "tool_call",
        id: event.tool_call_id,
        name: event.tool_call_name,
        input: "",
        state: "pending",
        suggested_rules: [],
        created_at: at,
        finished_at: null,
      });
      return;
    case "TOOL_CALL_DELTA": {
      const block = find(content, "tool_call", event.tool_call_id, event.type);
      if (block) block.input += event.delta;
      return;
    }
    case "TOOL_CALL_END": {
      const block = find(content, "tool_call", event.tool_call_id, event.type);
      if (block) block.finished_at = at;
      return;
    }
    case "TOOL_RESULT_START":
      content.push({
        type: "tool_result",
        id: event.tool_call_id,
        name: event.tool_call_name,
        output: [],
        state: "running",
        metadata: {},
        created_at: at,
        finished_at: null,
      });
      return;
    case "TOOL_RESULT_TEXT_DELTA": {
      const block = find(content, "tool_result", event.tool_call_id, event.type);
      if (!block) return;
      const output = outputBlocks(block);
      const last = output.at(-1);
      if (last?.type === "text") last.text += event.delta;
      else
        output.push({
          type: "text",
          text: event.delta,
          id: event.id,
          created_at: at,
          finished_at: null,
        });
      return;
    }
    case "TOOL_RESULT_DATA_DELTA": {
      const block = find(content, "tool_result", event.tool_call_id, event.type);
      if (!block) return;
      const source =
        event.data !== null
          ? { type: "base64" as const, data: event.data, media_type: event.media_type }
          : { type: "url" as const, url: event.url ?? "", media_type: event.media_type };
      outputBlocks(block).push({
        type: "data",
        id: event.block_id,
        source,
        name: null,
        created_at: at,
        finished_at: null,
      });
      return;
    }
    case "TOOL_RESULT_END": {
      const result = find(content, "tool_result", event.tool_call_id, event.type);
      if (!result) return;
      result.state = event.state;
      result.metadata = event.metadata;
      result.finished_at = at;
      const call = findQuiet(content, "tool_call", event.tool_call_id);
      if (call) call.state = "finished";
      return;
    }
    case "REQUIRE_USER_CONFIRM":
      for (const asked of event.tool_calls) {
        const call = find(content, "tool_call", asked.id, event.type);
        if (!call) continue;
        call.state = "asking";
        call.suggested_rules = asked.suggested_rules.map((rule) => ({ ...rule }));
      }
      return;
    case "USER_CONFIRM_RESULT":
      for (const answer of event.confirm_results) {
        const call = find(content, "tool_call", answer.tool_call.id, event.type);
        // Only a call still waiting takes an answer: a stale or repeated result is ignored.
        if (call?.state === "asking") call.state = answer.confirmed ? "allowed" : "finished";
      }
      return;
    case "REQUIRE_EXTERNAL_EXECUTION":
      for (const submitted of event.tool_calls) {
        const call = find(content, "tool_call", submitted.id, event.type);
        if (call) call.state = "submitted";
      }
      return;
    case "EXTERNAL_EXECUTION_RESULT":
      for (const result of event.execution_results) {
        if (findQuiet(content, "tool_result", result.id)) continue;
        content.push({ ...result, finished_at: result.finished_at ?? at });
      }
      return;
    case "REPLY_START":
    case "MODEL_CALL_START":
    case "EXCEED_MAX_ITERS":
    case "USER_INTERRUPT":
      return;
  }
}

/** A tool result's output as a block list, wrapping a plain-string output first. */
function outputBlocks(block: BlockOfType<"tool_result">): TextOrDataBlock[] {
  if (typeof block.output === "string") {
    block.output = [
      {
        type: "text",
        text: block.output,
        id: block.id,
        created_at: block.created_at,
        finished_at: null,
      },
    ];
  }
  return block.output;
}

function findQuiet<T extends ContentBlockType>(
  content: readonly ContentBlock[],
  type: T,
  id: string,
): BlockOfType<T> | undefined {
  // Search from the end: the block an event targets is almost always among the newest.
  for (let i = content.length - 1; i >= 0; i--) {
    const block = content[i];
    if (block !== undefined && block.type === type && block.id === id)
      return block as BlockOfType<T>;
  }
  return undefined;
}

function find<T extends ContentBlockType>(
  content: readonly ContentBlock[],
  type: T,
  id: string,
  eventType: string,
): BlockOfType<T> | undefined {
  const block = findQuiet(content, type, id);
  if (block === undefined) warn(`ignored ${eventType}: no ${type} block with id '${id}'`);
  return block;
}

function warn(message: string): void {
  getLogger().warn(`Msg.appendEvent ${message}`);
}
