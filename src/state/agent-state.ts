import { toolCallsOf, withoutResults } from "./tool-results.js";
import type { z } from "zod";
import { parseOrThrow } from "../errors/index.js";
import {
  AssistantMsg,
  Msg,
  type ContentBlock,
  type TextOrDataBlock,
  type ToolCallBlock,
} from "../message/index.js";
import type { PermissionContext } from "../permission/index.js";
import type { TasksContext, ToolContext } from "../tools/index.js";
import {
  AGENT_STATE_VERSION,
  AgentStateSchema,
  type AgentStateData,
  type AgentStateInput,
} from "./agent-state-schema.js";
import type { ReplyContext } from "./reply-context.js";
import { assertUniqueToolCallIds } from "./tool-call-ids.js";

/**
 * Everything an agent knows between calls (spec §10): the conversation (`context`), the summary
 * of compressed context, the reply in progress, the permission, tool and task contexts, and
 * free-form per-middleware storage. Plain data with AgentScope's wire names: `state.toJSON()` is
 * AgentScope-compatible JSON, and `AgentState.fromJSON(json)` restores it (validated and migrated)
 * — including a reply parked for a user confirmation or an external execution, which a new Agent
 * resumes.
 *
 * @example
 * const saved = JSON.stringify(agent.state);
 * const agent2 = new Agent({ …, state: AgentState.fromJSON(JSON.parse(saved)) });
 */
export class AgentState {
  session_id: string;
  summary: string | TextOrDataBlock[];
  context: Msg[];
  reply_context: ReplyContext;
  permission_context: PermissionContext;
  tool_context: ToolContext;
  tasks_context: TasksContext;
  middle_context: Record<string, unknown>;
  /**
   * The structured-output schema as a zod schema, when the reply was started in this process.
   * Not persisted: after a reload `reply_context.structured_schema` (JSON) is used instead.
   */
  structuredModel: z.ZodType | null = null;

  constructor(init: AgentStateInput = {}) {
    const data = parseOrThrow(AgentStateSchema, init, "AgentState");
    this.session_id = data.session_id;
    this.summary = data.summary;
    this.context = data.context.map((m) => new Msg(m));
    this.reply_context = data.reply_context;
    this.permission_context = data.permission_context;
    this.tool_context = data.tool_context;
    this.tasks_context = data.tasks_context;
    this.middle_context = data.middle_context;
    assertUniqueToolCallIds(this);
  }

  /**
   * Validates and migrates a state that arrived as JSON; a `ValidationError` names the bad field
   * (also a tool-call id used twice in the last message, see `assertUniqueToolCallIds`).
   */
  static fromJSON(value: unknown): AgentState {
    return new AgentState(parseOrThrow(AgentStateSchema, value, "AgentState"));
  }

  /** The wire form (a deep copy). */
  toJSON(): AgentStateData {
    return {
      version: AGENT_STATE_VERSION,
      session_id: this.session_id,
      summary: structuredClone(this.summary),
      context: this.context.map((m) => m.toJSON()),
      reply_context: structuredClone(this.reply_context),
      permission_context: structuredClone(this.permission_context),
      tool_context: structuredClone(this.tool_context),
      tasks_context: structuredClone(this.tasks_context),
      middle_context: structuredClone(this.middle_context),
    };
  }

  get replyId(): string {
    return this.reply_context.reply_id;
  }
  set replyId(value: string) {
    this.reply_context.reply_id = value;
  }
  get curIter(): number {
    return this.reply_context.cur_iter;
  }
  set curIter(value: number) {
    this.reply_context.cur_iter = value;
  }

  /**
   * Adds blocks the agent produced to the reply message: the last message is extended when it is
   * this agent's assistant message of the current reply, else a new one with `id = reply_id` is
   * started (spec §3.10). Blocks are stored as given (the caller hands over ownership).
   */
  appendContext(name: string, blocks: readonly ContentBlock[]): Msg {
    const last = this.context.at(-1);
    if (
      last !== undefined &&
      last.role === "assistant" &&
      last.name === name &&
      last.id === this.replyId
    ) {
      last.content.push(...blocks);
      return last;
    }
    const msg = new AssistantMsg({
      name,
      id: this.replyId,
      content: blocks,
    });
    this.context.push(msg);
    return msg;
  }

  /**
   * The tool calls a parked reply waits on: in the last message, if it is this agent's assistant
   * message, the calls `asking` for confirmation and the `submitted` ones without a result.
   */
  getAwaitingToolCalls(name: string): ToolCallBlock[] {
    const last = this.lastOwnMessage(name);
    if (last === undefined) return [];
    // Only submitted calls need their results looked up; most steps have neither kind.
    let waiting: ToolCallBlock[] | null = null;
    let submitted = false;
    for (const block of last.content) {
      if (block.type !== "tool_call") continue;
      if (block.state === "asking" || block.state === "submitted") {
        (waiting ??= []).push(block);
        if (block.state === "submitted") submitted = true;
      }
    }
    if (waiting === null) return [];
    if (!submitted) return waiting;
    // `unanswered` keeps the order of `waiting`: walk both at once.
    const unanswered = withoutResults(last, waiting);
    let next = 0;
    return waiting.filter((call) => {
      if (unanswered[next] === call) {
        next += 1;
        return true;
      }
      return call.state === "asking";
    });
  }

  hasAwaitingToolCalls(name: string): boolean {
    return this.getAwaitingToolCalls(name).length > 0;
  }

  /** Tool calls of the current reply message without a result, in any state. */
  getUnfinishedToolCalls(name: string): ToolCallBlock[] {
    const last = this.lastOwnMessage(name);
    if (last === undefined || last.id !== this.replyId) return [];
    return withoutResults(last, toolCallsOf(last));
  }

  /** The last context message when it is this agent's assistant message. */
  lastOwnMessage(name: string): Msg | undefined {
    const last = this.context.at(-1);
    return last !== undefined && last.role === "assistant" && last.name === name ? last : undefined;
  }
}
