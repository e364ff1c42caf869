import { z } from "zod";
import { getLogger } from "../errors/index.js";
import { isStrictBase64, mergeBase64Chunks } from "./base64.js";
import type { ContentBlock, ContentBlockType, BlockOfType } from "./blocks/content-block.js";
import type { DataSource } from "./blocks/data-block.js";
import { HintContentSchema } from "./blocks/hint-block.js";
import { ToolResultBlockSchema, type TextOrDataBlock } from "./blocks/tool-result-block.js";
import { ErrorInfoSchema } from "./error-info.js";
import type { AgentEvent } from "./events/agent-event.js";
import { JsonObjectSchema } from "./json-value.js";
import type { MsgData } from "./msg-schema.js";
import { PermissionRuleSchema } from "./permission-rule.js";
import { roleAllows } from "./role.js";
import { normalizeUrl } from "./url.js";
import { addUsage } from "./usage.js";

const RulesSchema = z.array(PermissionRuleSchema);
// Built once: building it per REPLY_END showed in every reply's profile (and per hub post).
const ReplyErrorSchema = ErrorInfoSchema.nullable();

/**
 * Applies one event of a reply to the message being rebuilt from it (spec §1.3): the client-side
 * half of streaming. Mutates `msg`. An event for another reply, one whose target block is
 * missing, one that would add a block the message's role may not hold, or one carrying data its
 * schema refuses (an invalid URL, metadata that is not bounded JSON) logs a warning and changes
 * nothing; it never throws. So a message rebuilt from any events still passes `Msg.fromJSON`.
 *
 * What is stored is copied (hints, metadata, rules, results, errors): the message never shares
 * objects with the events it was built from. Token sums saturate at `Number.MAX_SAFE_INTEGER`.
 * Base64 deltas join by bytes; a delta or block that is not base64 joins as text (with a warning),
 * so nothing is silently dropped.
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
    case "REPLY_END": {
      const error = checked(ReplyErrorSchema, event.error, event.type, "error");
      if (error === undefined) return;
      msg.finished_at = at;
      msg.finished_reason = event.finished_reason;
      msg.error = error;
      return;
    }
    case "MODEL_CALL_END":
      msg.usage = addUsage(msg.usage, event);
      return;
    case "TEXT_BLOCK_START":
      if (!allowed(msg, "text", event.type)) return;
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
      if (!allowed(msg, "thinking", event.type)) return;
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
      if (!allowed(msg, "data", event.type)) return;
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
      if (!isStrictBase64(event.data) || !isStrictBase64(block.source.data)) {
        warn(`${event.type} for data block '${event.block_id}' is not base64: joined as text`);
      }
      block.source.data = mergeBase64Chunks(block.source.data, event.data);
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
    case "HINT_BLOCK": {
      if (!allowed(msg, "hint", event.type)) return;
      const hint = checked(HintContentSchema, event.hint, event.type, "hint");
      if (hint === undefined) return;
      content.push({
        type: "hint",
        hint,
        id: event.block_id,
        source: event.source,
        created_at: at,
        finished_at: at,
      });
      return;
    }
    case "TOOL_CALL_START":
      if (!allowed(msg, "tool_call", event.type)) return;
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
      if (!allowed(msg, "tool_result", event.type)) return;
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
      let source: DataSource;
      if (event.data !== null) {
        source = { type: "base64", data: event.data, media_type: event.media_type };
      } else {
        const url = normalizeUrl(event.url ?? "");
        if (url === null) {
          warn(`ignored ${event.type}: invalid URL ${JSON.stringify(event.url)}`);
          return;
        }
        source = { type: "url", url, media_type: event.media_type };
      }
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
      const metadata = checked(JsonObjectSchema, event.metadata, event.type, "metadata");
      if (metadata === undefined) return;
      result.state = event.state;
      result.metadata = metadata;
      result.finished_at = at;
      const call = findQuiet(content, "tool_call", event.tool_call_id);
      if (call) call.state = "finished";
      return;
    }
    case "REQUIRE_USER_CONFIRM":
      for (const asked of event.tool_calls) {
        const call = find(content, "tool_call", asked.id, event.type);
        if (!call) continue;
        const rules = checked(RulesSchema, asked.suggested_rules, event.type, "suggested_rules");
        if (rules === undefined) continue;
        call.state = "asking";
        call.suggested_rules = rules;
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
      if (!allowed(msg, "tool_result", event.type)) return;
      for (const given of event.execution_results) {
        if (findQuiet(content, "tool_result", given.id)) continue;
        const result = checked(ToolResultBlockSchema, given, event.type, "execution_results");
        if (result === undefined) continue;
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

/** Whether the message's role may hold a block of `type` (else a warning). */
function allowed(msg: MsgData, type: ContentBlockType, eventType: string): boolean {
  if (roleAllows(msg.role, type)) return true;
  warn(`ignored ${eventType}: a ${msg.role} message cannot hold a ${type} block`);
  return false;
}

/** `value` parsed by `schema` (a validated copy), or undefined with a warning naming the field. */
function checked<S extends z.ZodType>(
  schema: S,
  value: unknown,
  eventType: string,
  field: string,
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = [field, ...(issue?.path ?? []).map(String)].join(".");
  warn(`ignored ${eventType}: invalid \`${where}\`: ${issue?.message ?? "invalid"}`);
  return undefined;
}

function warn(message: string): void {
  getLogger().warn(`Msg.appendEvent ${message}`);
}
