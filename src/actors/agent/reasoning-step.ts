import {
  AssistantMsg,
  SystemMsg,
  UserMsg,
  addUsage,
  createEvent,
  type AgentEvent,
  type ContentBlock,
  type Msg,
} from "../../message/index.js";
import {
  asModelError,
  chatResponseProblem,
  incompleteStreamError,
  invalidResponseError,
  isResponseStream,
  type ChatModel,
  type ChatResponse,
  type ToolChoice,
  type ToolSchema,
} from "../../model/index.js";
import { ChunkEventConverter } from "./chunk-events.js";
import type { AgentState } from "../../state/index.js";

/** What one reasoning step needs (the agent builds it). */
export interface ReasoningContext {
  readonly name: string;
  readonly state: AgentState;
  readonly model: ChatModel;
  /**
   * The system prompt as a message, assembled when the step needs it (after MODEL_CALL_START,
   * as the reference does); at once when nothing can change it.
   */
  systemMsg(): Msg | Promise<Msg>;
  readonly tools: readonly ToolSchema[];
  /** Calls the model with retries, fallback and the `onModelCall` chain. */
  callModel(
    messages: Msg[],
    tools: readonly ToolSchema[],
    toolChoice: ToolChoice | null,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>>;
}

/** The system prompt as the first message of the model input. */
export function systemMessage(systemPrompt: string): Msg {
  return new SystemMsg({ name: "system", content: systemPrompt });
}

/** The model input: system prompt, the summary as a user message if any, then the context. */
export function modelInput(systemMsg: Msg, state: AgentState): Msg[] {
  const messages: Msg[] = [systemMsg];
  const summary = state.summary;
  if (summary.length > 0) messages.push(new UserMsg({ name: "user", content: summary }));
  for (const msg of state.context) messages.push(msg);
  return messages;
}

/**
 * One reasoning step (spec §3.6): MODEL_CALL_START, the model's chunks as block events,
 * MODEL_CALL_END; the response saved in the reply message; a final candidate `Msg` last when the
 * model answered without tool calls (and not with thinking only). An interrupted call ends after
 * MODEL_CALL_END(interrupted) without a candidate.
 *
 * What the model gives is checked before it is used (see {@link chatResponseProblem}): a result
 * or chunk that is not a response is `MODEL_INVALID_RESPONSE`, a stream without its `is_last`
 * chunk `MODEL_INCOMPLETE_STREAM` (the reference's text), and a foreign error thrown mid-stream
 * is wrapped in `MODEL_CALL_FAILED` with the original as `cause`; each fails the reply.
 */
export async function* reasoningStep(
  ctx: ReasoningContext,
  toolChoice: ToolChoice | null,
): AsyncGenerator<AgentEvent | Msg, void, undefined> {
  const { state, name } = ctx;
  const reply_id = state.replyId;
  const modelName = ctx.model.model;
  yield createEvent("MODEL_CALL_START", { reply_id, model_name: modelName });

  let systemMsg = ctx.systemMsg();
  if (systemMsg instanceof Promise) systemMsg = await systemMsg;
  const response = await ctx.callModel(modelInput(systemMsg, state), ctx.tools, toolChoice);
  const converter = new ChunkEventConverter(reply_id);
  const out: AgentEvent[] = [];
  let completed: ChatResponse | null = null;
  if (isResponseStream(response)) {
    try {
      for await (const chunk of response) {
        const problem = chatResponseProblem(chunk);
        if (problem !== null) throw invalidResponseError(modelName, "chunk", problem);
        if (chunk.is_last) {
          completed = chunk;
          continue;
        }
        converter.convert(chunk, out);
        for (const event of out) yield event;
        out.length = 0;
      }
    } catch (error) {
      throw asModelError(error, modelName, "stream");
    }
  } else {
    const problem = chatResponseProblem(response);
    if (problem !== null) throw invalidResponseError(modelName, "response", problem);
    converter.convert(response, out);
    completed = response;
  }
  converter.close(out);
  for (const event of out) yield event;
  if (completed === null) throw incompleteStreamError(modelName);

  // Optional on the wire for hand-written models; the checks above allow them to be left out.
  const usage = completed.usage ?? null;
  yield createEvent("MODEL_CALL_END", {
    reply_id,
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cache_input_tokens: usage?.cache_input_tokens ?? 0,
    cache_creation_input_tokens: usage?.cache_creation_input_tokens ?? 0,
    finished_reason: completed.finished_reason ?? "completed",
  });

  // Save the response (audio is not kept in the context).
  const content: ContentBlock[] = completed.content.filter(
    (b) => !(b.type === "data" && b.source.media_type.startsWith("audio/")),
  );
  const clash = clashingCallId(content, state);
  if (clash !== null) {
    throw invalidResponseError(
      modelName,
      "response",
      `has a tool call with the id '${clash}', which another tool call of the reply already has`,
    );
  }
  const replyMsg = state.appendContext(name, content);
  if (usage !== null) replyMsg.usage = addUsage(replyMsg.usage, usage);
  if (completed.finished_reason === "interrupted") return;

  const hasToolCalls = content.some((b) => b.type === "tool_call");
  const thinkingOnly = content.length > 0 && content.every((b) => b.type === "thinking");
  if (hasToolCalls || thinkingOnly) return;
  yield new AssistantMsg({
    name,
    id: reply_id,
    content: structuredClone(
      content.filter((b) => b.type === "thinking" || b.type === "text" || b.type === "data"),
    ),
    usage: replyMsg.usage === null ? null : { ...replyMsg.usage },
    finished_reason: "completed",
  });
}

/**
 * The id of a tool call in `content` that another call of the reply message already has (or
 * that `content` repeats), or null: each result must find its one call, and a state with two
 * calls of one id cannot be loaded again. Only responses with tool calls pay for the look.
 */
function clashingCallId(content: readonly ContentBlock[], state: AgentState): string | null {
  let ids: Set<string> | null = null;
  for (const block of content) {
    if (block.type !== "tool_call") continue;
    if (ids === null) {
      ids = new Set();
      const last = state.context.at(-1);
      if (last !== undefined && last.id === state.replyId)
        for (const b of last.content) if (b.type === "tool_call") ids.add(b.id);
    }
    if (ids.has(block.id)) return block.id;
    ids.add(block.id);
  }
  return null;
}
