import { z } from "zod";
import { JsonObjectSchema, MsgSchema, TextOrDataBlockSchema, newId } from "../message/index.js";
import { PermissionContextSchema } from "../permission/index.js";
import { TasksContextSchema, ToolContextSchema } from "../tools/index.js";
import { ReplyContextSchema } from "./reply-context.js";

/**
 * The version written by this release; older ones are migrated on load. 2: read cache entries
 * keep a digest of the file's text instead of its lines (`tool_context`, migrated by its schema).
 */
export const AGENT_STATE_VERSION = 2;

/** A summary of compressed context: text, or text and data blocks. */
export const SummarySchema = z.union([z.string(), z.array(TextOrDataBlockSchema)]);

const CurrentAgentStateSchema = z.object({
  version: z
    .union([z.literal(1), z.literal(AGENT_STATE_VERSION)])
    .default(AGENT_STATE_VERSION)
    .transform((): typeof AGENT_STATE_VERSION => AGENT_STATE_VERSION),
  session_id: z.string().default(() => newId()),
  summary: SummarySchema.default(""),
  context: z.array(MsgSchema).default(() => []),
  reply_context: ReplyContextSchema.default(() => ReplyContextSchema.parse({})),
  permission_context: PermissionContextSchema.default(() => PermissionContextSchema.parse({})),
  tool_context: ToolContextSchema.default(() => ToolContextSchema.parse({})),
  tasks_context: TasksContextSchema.default(() => TasksContextSchema.parse({})),
  middle_context: JsonObjectSchema.default(() => ({})),
});

/**
 * Legacy states (AgentScope before reply_context existed) keep `reply_id`/`cur_iter` at the top
 * level; they move into `reply_context`, whose own keys win. A state without `version` is
 * AgentScope's own JSON and is read as version 1. Version 1 read cache entries (`lines`) are
 * migrated by `ToolContextSchema`.
 */
function migrate(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { reply_id, cur_iter, ...rest } = value as Record<string, unknown>;
  if (reply_id === undefined && cur_iter === undefined) return value;
  const existing = rest["reply_context"];
  const replyContext =
    typeof existing === "object" && existing !== null && !Array.isArray(existing)
      ? (existing as Record<string, unknown>)
      : {};
  const legacy: Record<string, unknown> = {};
  if (reply_id !== undefined) legacy["reply_id"] = reply_id;
  if (cur_iter !== undefined) legacy["cur_iter"] = cur_iter;
  return { ...rest, reply_context: { ...legacy, ...replyContext } };
}

/** The wire form of an agent's state, with legacy migration on parse. */
export const AgentStateSchema = z.preprocess(migrate, CurrentAgentStateSchema);
export type AgentStateData = z.output<typeof CurrentAgentStateSchema>;
export type AgentStateInput = z.input<typeof CurrentAgentStateSchema>;
