import { z } from "zod";
import { ValidationError, parseOrThrow } from "../../errors/index.js";
import { readOptions, newId, now, type Msg, type ToolSchema } from "../../message/index.js";
import { abortableSleep, isAborted, type Sleep } from "../abortable-sleep.js";
import { assertCallOptions, type ChatCallOptions, type ChatCallResult } from "../chat-model.js";
import { ChatModelBase } from "../chat-model-base.js";
import {
  interruptedResponse,
  type ChatContentBlock,
  type ChatResponse,
  type ChatUsage,
} from "../chat-response.js";
import { ScriptExhaustedError } from "../errors/script-exhausted-error.js";
import { DEFAULT_INPUT_MEDIA_TYPES } from "../formatter/media-type.js";
import { ResponseAccumulator } from "../response-accumulator.js";
import { responseStreamOf } from "../response-stream.js";
import { DEFAULT_CONTEXT_SIZE, estimateTokens } from "../token-count.js";
import { validateToolChoice, type ToolChoice } from "../tool-choice.js";
import { scriptedContent, scriptedDeltas } from "./scripted-content.js";
import {
  ScriptedTurnSchema,
  type ParsedScriptedReply,
  type ParsedScriptedTurn,
  type ScriptedResponder,
  type ScriptedTurn,
} from "./scripted-turn.js";

const positiveInt = z.number().int().positive();
const nonNegative = z.number().nonnegative();

/** The options of {@link ScriptedModel} (validated by the constructor). */
export const ScriptedModelOptionsSchema = z.object({
  responses: z.union([
    z.array(ScriptedTurnSchema).readonly(),
    z.custom<ScriptedResponder>((value) => typeof value === "function", "Expected a function"),
  ]),
  stream: z.boolean().default(true),
  contextSize: positiveInt.default(DEFAULT_CONTEXT_SIZE),
  name: z.string().min(1).default("scripted-model"),
  /** Simulated wait before the response (or the first chunk), in ms. */
  latencyMs: nonNegative.default(0),
  /** Simulated wait between stream chunks, in ms. */
  chunkLatencyMs: nonNegative.default(0),
  /** Characters per streamed delta of text, thinking and tool-call input. */
  chunkSize: positiveInt.default(8),
  supportedInputMediaTypes: z.array(z.string()).readonly().default(DEFAULT_INPUT_MEDIA_TYPES),
  /** Keep every call's messages, tools and tool choice in `calls` (off: simulations run long). */
  recordCalls: z.boolean().default(false),
  /** How latency is waited (inject a simulated clock); the default uses timers. */
  sleep: z.custom<Sleep>((value) => typeof value === "function", "Expected a function").optional(),
});

/** Every key `new ScriptedModel(…)` takes. */
export const SCRIPTED_MODEL_OPTIONS: ReadonlySet<string> = new Set(
  Object.keys(ScriptedModelOptionsSchema.shape),
);

/** What `new ScriptedModel(…)` takes. */
export type ScriptedModelOptions<S extends boolean = boolean> = Omit<
  z.input<typeof ScriptedModelOptionsSchema>,
  "stream" | "responses"
> & {
  /** Turns played in order, or a function of the conversation returning the next turn. */
  responses: readonly ScriptedTurn[] | ScriptedResponder;
  /** Stream deltas (default `true`). */
  stream?: S;
};

/** One recorded call (with `recordCalls: true`); the arrays are the caller's, not copies. */
export interface ScriptedCall {
  readonly messages: readonly Msg[];
  readonly tools: readonly ToolSchema[] | undefined;
  readonly toolChoice: ToolChoice | undefined;
}

/**
 * The embedded chat model for demos, simulations and tests: it plays a script — turns in order, or
 * a function of the conversation — with the streaming contract of a real model (text, thinking and
 * tool-call JSON cut into deltas, then one accumulated `is_last` chunk), usage figures (estimated
 * per spec §8.1 unless scripted), optional cancellable latency and injectable failures. Without
 * latency it sets no timers and copies nothing it does not hand out.
 *
 * @example
 * const model = new ScriptedModel({
 *   responses: [
 *     { text: "Let me look.", toolCalls: [{ name: "Read", input: { file_path: "a.txt" } }] },
 *     "The file says hello.",
 *   ],
 * });
 */
export class ScriptedModel<S extends boolean = true> extends ChatModelBase<S> {
  readonly model: string;
  readonly stream: S;
  readonly contextSize: number;
  readonly supportedInputMediaTypes: readonly string[];
  readonly #turns: readonly ParsedScriptedTurn[] | null;
  readonly #responder: ScriptedResponder | null;
  readonly #latencyMs: number;
  readonly #chunkLatencyMs: number;
  readonly #chunkSize: number;
  readonly #sleep: Sleep;
  readonly #calls: ScriptedCall[] | null;
  #callCount = 0;

  /** Strict options: an unknown key (`response`) is a `ValidationError` naming the nearest one. */
  constructor(options: ScriptedModelOptions<S>) {
    options = readOptions(options, SCRIPTED_MODEL_OPTIONS, "ScriptedModel options");
    const parsed = parseOrThrow(ScriptedModelOptionsSchema, options, "ScriptedModel options");
    super();
    this.model = parsed.name;
    this.stream = parsed.stream as S;
    this.contextSize = parsed.contextSize;
    this.supportedInputMediaTypes = parsed.supportedInputMediaTypes;
    this.#turns = typeof parsed.responses === "function" ? null : parsed.responses;
    this.#responder = typeof parsed.responses === "function" ? parsed.responses : null;
    this.#latencyMs = parsed.latencyMs;
    this.#chunkLatencyMs = parsed.chunkLatencyMs;
    this.#chunkSize = parsed.chunkSize;
    this.#sleep = parsed.sleep ?? abortableSleep;
    this.#calls = parsed.recordCalls ? [] : null;
  }

  /** How many calls have started (each consumes one turn). */
  get callCount(): number {
    return this.#callCount;
  }

  /** Turns not played yet (`Infinity` for a function script). */
  get remainingTurns(): number {
    return this.#turns === null ? Infinity : Math.max(0, this.#turns.length - this.#callCount);
  }

  /** The recorded calls, oldest first (empty unless `recordCalls` is on). */
  get calls(): readonly ScriptedCall[] {
    return this.#calls ?? [];
  }

  /** Plays the next turn. An already aborted signal gives an interrupted response and plays none. */
  async call(messages: readonly Msg[], options: ChatCallOptions = {}): Promise<ChatCallResult<S>> {
    assertCallOptions(options);
    const { tools, toolChoice, signal } = options;
    validateToolChoice(toolChoice, tools, this.model);
    if (isAborted(signal)) return this.#interrupted();
    const index = this.#callCount;
    this.#callCount += 1;
    this.#calls?.push({ messages, tools, toolChoice });
    // A scripted list is played without a turn of the microtask queue; a responder is awaited.
    const turn =
      this.#turns !== null
        ? this.#listed(this.#turns, index)
        : await this.#respond(index, messages, tools, toolChoice, signal);
    if (this.#latencyMs > 0 && !isAborted(signal)) await this.#sleep(this.#latencyMs, signal);
    if (isAborted(signal)) return this.#interrupted();
    if (turn instanceof Error) throw turn;
    const reply: ParsedScriptedReply = typeof turn === "string" ? { text: turn } : turn;
    const createdAt = now();
    const id = newId();
    const content = scriptedContent(reply, createdAt);
    if (!this.stream) {
      if (reply.fail !== undefined) throw reply.fail.error;
      const usage = this.#usage(reply, messages, tools, content, this.#latencyMs);
      return this.#result({
        id,
        created_at: createdAt,
        content,
        is_last: true,
        usage,
        finished_reason: "completed",
        metadata: {},
      });
    }
    return this.#play(
      id,
      createdAt,
      content,
      reply,
      messages,
      tools,
      signal,
    ) as unknown as ChatCallResult<S>;
  }

  #listed(turns: readonly ParsedScriptedTurn[], index: number): ParsedScriptedTurn {
    const turn = turns[index];
    if (turn === undefined) throw new ScriptExhaustedError(this.model, turns.length);
    return turn;
  }

  async #respond(
    index: number,
    messages: readonly Msg[],
    tools: readonly ToolSchema[] | undefined,
    toolChoice: ToolChoice | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ParsedScriptedTurn> {
    const responder = this.#responder as ScriptedResponder;
    const turn = await responder(messages, tools, { index, toolChoice, signal });
    // Strings and errors need no check; objects are validated like scripted arrays.
    if (typeof turn === "string" || turn instanceof Error) return turn;
    const parsed = ScriptedTurnSchema.safeParse(turn);
    if (!parsed.success) throw ValidationError.fromZod("scripted turn", parsed.error);
    return parsed.data;
  }

  async *#play(
    id: string,
    createdAt: string,
    content: ChatContentBlock[],
    reply: ParsedScriptedReply,
    messages: readonly Msg[],
    tools: readonly ToolSchema[] | undefined,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<ChatResponse> {
    const deltas = scriptedDeltas(
      id,
      createdAt,
      content,
      this.#chunkSize,
      reply.streamToolCalls ?? true,
    );
    const failAt = reply.fail === undefined ? -1 : (reply.fail.afterChunks ?? deltas.length);
    for (let i = 0; i < deltas.length; i += 1) {
      if (i === failAt) throw (reply.fail as { error: Error }).error;
      if (i > 0 && this.#chunkLatencyMs > 0 && !isAborted(signal)) {
        await this.#sleep(this.#chunkLatencyMs, signal);
      }
      if (isAborted(signal)) {
        yield this.#partial(id, deltas.slice(0, i), reply, messages, tools);
        return;
      }
      yield deltas[i] as ChatResponse;
    }
    if (failAt >= deltas.length) throw (reply.fail as { error: Error }).error;
    if (isAborted(signal)) {
      yield this.#partial(id, deltas, reply, messages, tools);
      return;
    }
    const elapsed = this.#latencyMs + this.#chunkLatencyMs * Math.max(0, deltas.length - 1);
    yield {
      id,
      created_at: createdAt,
      content,
      is_last: true,
      usage: this.#usage(reply, messages, tools, content, elapsed),
      finished_reason: "completed",
      metadata: {},
    };
  }

  // An interrupted stream ends with what had been delivered (spec §3.6).
  #partial(
    id: string,
    delivered: readonly ChatResponse[],
    reply: ParsedScriptedReply,
    messages: readonly Msg[],
    tools: readonly ToolSchema[] | undefined,
  ): ChatResponse {
    const accumulator = new ResponseAccumulator();
    for (const chunk of delivered) accumulator.add(chunk);
    const partial = accumulator.build("interrupted");
    const elapsed = this.#latencyMs + this.#chunkLatencyMs * Math.max(0, delivered.length - 1);
    return { ...partial, id, usage: this.#usage(reply, messages, tools, partial.content, elapsed) };
  }

  #usage(
    reply: ParsedScriptedReply,
    messages: readonly Msg[],
    tools: readonly ToolSchema[] | undefined,
    content: readonly ChatContentBlock[],
    elapsedMs: number,
  ): ChatUsage {
    const scripted = reply.usage;
    return {
      input_tokens: scripted?.input_tokens ?? estimateTokens(messages, tools),
      output_tokens: scripted?.output_tokens ?? estimateTokens([{ content }]),
      cache_input_tokens: scripted?.cache_input_tokens ?? 0,
      cache_creation_input_tokens: scripted?.cache_creation_input_tokens ?? 0,
      time: scripted?.time ?? elapsedMs / 1000,
    };
  }

  #interrupted(): ChatCallResult<S> {
    return this.#result(interruptedResponse());
  }

  #result(response: ChatResponse): ChatCallResult<S> {
    if (!this.stream) return response as ChatCallResult<S>;
    return responseStreamOf(response) as ChatCallResult<S>;
  }
}
