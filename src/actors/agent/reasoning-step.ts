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
 * Takes a step's events as they come (see {@link runReasoningStep}); false stops the step at
 * that event (the machine no longer waits for it): nothing more is emitted or saved.
 */
export interface StepSink {
  take(event: AgentEvent): boolean;
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
 *
 * The form an `onReasoning` chain reads; without one the agent runs the same step through
 * {@link runReasoningStep}, which hands each event over as it is made instead of yielding it
 * (every `yield` of an async generator costs its consumer turns of the microtask queue).
 */
export async function* reasoningStep(
  ctx: ReasoningContext,
  toolChoice: ToolChoice | null,
): AsyncGenerator<AgentEvent | Msg, void, undefined> {
  const step = new StepRun(ctx);
  yield step.startEvent();
  const response = await step.request(toolChoice);
  const out = step.out;
  if (isResponseStream(response)) {
    try {
      for await (const chunk of response) {
        if (!step.takeChunk(chunk)) continue;
        for (const event of out) yield event;
        out.length = 0;
      }
    } catch (error) {
      throw asModelError(error, step.modelName, "stream");
    }
  } else {
    step.takeResponse(response);
  }
  step.close();
  for (const event of out) yield event;
  out.length = 0;
  yield step.endEvent();
  const final = step.save();
  if (final !== null) yield final;
}

/**
 * {@link reasoningStep} handing its events to `sink` as they are made, in the same order and
 * with the same checks; resolves with the final candidate (or null). When `sink.take` returns
 * false the step stops there, as a reader that stops reading the generator stops it (the model's
 * stream is closed, nothing more is emitted or saved); it then resolves with null.
 */
export async function runReasoningStep(
  ctx: ReasoningContext,
  toolChoice: ToolChoice | null,
  sink: StepSink,
): Promise<Msg | null> {
  const step = new StepRun(ctx);
  if (!sink.take(step.startEvent())) return null;
  const response = await step.request(toolChoice);
  const out = step.out;
  if (isResponseStream(response)) {
    try {
      for await (const chunk of response) {
        if (!step.takeChunk(chunk)) continue;
        for (const event of out) {
          let taken: boolean;
          try {
            taken = sink.take(event);
          } catch (error) {
            throw new SinkFailure(error);
          }
          if (!taken) return null;
        }
        out.length = 0;
      }
    } catch (error) {
      // The sink's own failure goes up as it is; only the model stream's errors are wrapped.
      if (error instanceof SinkFailure) throw error.error;
      throw asModelError(error, step.modelName, "stream");
    }
  } else {
    step.takeResponse(response);
  }
  step.close();
  for (const event of out) if (!sink.take(event)) return null;
  out.length = 0;
  if (!sink.take(step.endEvent())) return null;
  return step.save();
}

/** A sink that threw while the model's stream was read (its error is not the stream's). */
class SinkFailure extends Error {
  constructor(readonly error: unknown) {
    super("the step's sink failed");
  }
}

/** The state of one reasoning step between its events (shared by both forms of the step). */
class StepRun {
  readonly replyId: string;
  readonly modelName: string;
  /** Events made and not yet handed over (no array per chunk on the hot path). */
  readonly out: AgentEvent[] = [];
  readonly #ctx: ReasoningContext;
  readonly #converter: ChunkEventConverter;
  #completed: ChatResponse | null = null;

  constructor(ctx: ReasoningContext) {
    this.#ctx = ctx;
    this.replyId = ctx.state.replyId;
    this.modelName = ctx.model.model;
    this.#converter = new ChunkEventConverter(this.replyId);
  }

  startEvent(): AgentEvent {
    return createEvent("MODEL_CALL_START", { reply_id: this.replyId, model_name: this.modelName });
  }

  /** The system prompt (assembled after MODEL_CALL_START, as the reference does), then the call. */
  async request(
    toolChoice: ToolChoice | null,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
    const ctx = this.#ctx;
    let systemMsg = ctx.systemMsg();
    if (systemMsg instanceof Promise) systemMsg = await systemMsg;
    return ctx.callModel(modelInput(systemMsg, ctx.state), ctx.tools, toolChoice);
  }

  /** A chunk of the model's stream: false for the last one (kept), else its events are in `out`. */
  takeChunk(chunk: ChatResponse): boolean {
    const problem = chatResponseProblem(chunk);
    if (problem !== null) throw invalidResponseError(this.modelName, "chunk", problem);
    if (chunk.is_last) {
      this.#completed = chunk;
      return false;
    }
    this.#converter.convert(chunk, this.out);
    return true;
  }

  /** The model's whole response: its events are in `out`. */
  takeResponse(response: ChatResponse): void {
    const problem = chatResponseProblem(response);
    if (problem !== null) throw invalidResponseError(this.modelName, "response", problem);
    this.#converter.convert(response, this.out);
    this.#completed = response;
  }

  /** The END events of the blocks still open go into `out`. */
  close(): void {
    this.#converter.close(this.out);
  }

  /** MODEL_CALL_END; a stream must have ended with its last chunk (after the END events above). */
  endEvent(): AgentEvent {
    const completed = this.#completed;
    if (completed === null) throw incompleteStreamError(this.modelName);
    // Optional on the wire for hand-written models; the checks above allow them to be left out.
    const usage = completed.usage ?? null;
    return createEvent("MODEL_CALL_END", {
      reply_id: this.replyId,
      input_tokens: usage?.input_tokens ?? 0,
      output_tokens: usage?.output_tokens ?? 0,
      cache_input_tokens: usage?.cache_input_tokens ?? 0,
      cache_creation_input_tokens: usage?.cache_creation_input_tokens ?? 0,
      finished_reason: completed.finished_reason ?? "completed",
    });
  }

  /**
   * Saves the response in the reply message (audio is not kept in the context) and returns the
   * final candidate: null when the call was interrupted, has tool calls or only thinking.
   */
  save(): Msg | null {
    const { state, name } = this.#ctx;
    const completed = this.#completed as ChatResponse;
    const usage = completed.usage ?? null;
    const content: ContentBlock[] = completed.content.filter(
      (b) => !(b.type === "data" && b.source.media_type.startsWith("audio/")),
    );
    const clash = clashingCallId(content, state);
    if (clash !== null) {
      throw invalidResponseError(
        this.modelName,
        "response",
        `has a tool call with the id '${clash}', which another tool call of the reply already has`,
      );
    }
    const replyMsg = state.appendContext(name, content);
    if (usage !== null) replyMsg.usage = addUsage(replyMsg.usage, usage);
    if (completed.finished_reason === "interrupted") return null;

    const hasToolCalls = content.some((b) => b.type === "tool_call");
    const thinkingOnly = content.length > 0 && content.every((b) => b.type === "thinking");
    if (hasToolCalls || thinkingOnly) return null;
    return new AssistantMsg({
      name,
      id: this.replyId,
      content: structuredClone(
        content.filter((b) => b.type === "thinking" || b.type === "text" || b.type === "data"),
      ),
      usage: replyMsg.usage === null ? null : { ...replyMsg.usage },
      finished_reason: "completed",
    });
  }
}

/**
 * The id of a tool call in `content` that another call of the reply message already has (or
 * that `content` repeats), or null: each result must find its one call, and a state with two
 * calls of one id cannot be loaded again. Only responses with tool calls pay for the look.
 */
function clashingCallId(content: readonly ContentBlock[], state: AgentState): string | null {
  const last = state.context.at(-1);
  const earlier = last !== undefined && last.id === state.replyId ? last.content : [];
  // A handful of calls (every step): compared in place; many: by a set of ids.
  if (content.length * (content.length + earlier.length) <= 256) {
    for (let i = 0; i < content.length; i++) {
      const block = content[i] as ContentBlock;
      if (block.type !== "tool_call") continue;
      if (hasCall(earlier, block.id, earlier.length) || hasCall(content, block.id, i))
        return block.id;
    }
    return null;
  }
  let ids: Set<string> | null = null;
  for (const block of content) {
    if (block.type !== "tool_call") continue;
    if (ids === null) {
      ids = new Set();
      for (const b of earlier) if (b.type === "tool_call") ids.add(b.id);
    }
    if (ids.has(block.id)) return block.id;
    ids.add(block.id);
  }
  return null;
}

/** Whether one of the first `end` blocks is a tool call with this id. */
function hasCall(blocks: readonly ContentBlock[], id: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const block = blocks[i] as ContentBlock;
    if (block.type === "tool_call" && block.id === id) return true;
  }
  return false;
}
