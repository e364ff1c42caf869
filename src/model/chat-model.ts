import type { z } from "zod";
import { ValidationError, assertKnownOptions } from "../errors/index.js";
import type { Msg, ToolSchema } from "../message/index.js";
import type { ChatResponse } from "./chat-response.js";
import type {
  JsonSchemaObject,
  StructuredOutputOptions,
  StructuredResponse,
} from "./structured-output/structured-response.js";
import type { TokenCountable } from "./token-count.js";
import type { ToolChoice } from "./tool-choice.js";

/** What one call takes besides the messages. */
export interface ChatCallOptions {
  /** The tools the model may call (the toolkit's JSON schemas). */
  tools?: readonly ToolSchema[] | undefined;
  /** Which tools it may or must call; a tool's name forces that tool. */
  toolChoice?: ToolChoice | undefined;
  /**
   * Aborting ends the call without an error: the response (or the stream's final chunk) has
   * `finished_reason: "interrupted"` and whatever content had arrived.
   */
  signal?: AbortSignal | undefined;
  /**
   * The agent the call speaks for: assistant messages of another name are other agents' (the
   * default `"auto"` formatter then sends the conversation as multi-agent history).
   */
  agentName?: string | undefined;
}

/** Every key of {@link ChatCallOptions}: models refuse others (`tool` for `tools`) by name. */
export const CHAT_CALL_OPTIONS: ReadonlySet<string> = new Set([
  "tools",
  "toolChoice",
  "signal",
  "agentName",
]);

/**
 * Checks the options of one `call`: an object with known keys only (a `ValidationError`
 * otherwise). Keys only, no copy: this runs for every model call.
 */
export function assertCallOptions(options: ChatCallOptions): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new ValidationError("call options", [{ path: "", message: "Expected an object" }]);
  }
  assertKnownOptions(options, CHAT_CALL_OPTIONS, "call options");
}

/**
 * What `call` resolves to: one response when `S` is `false`, a stream of responses when `true`,
 * either when the model's `stream` is not known statically (narrow with `isResponseStream`, or
 * consume both alike with `toResponseStream`).
 */
export type ChatCallResult<S extends boolean> = S extends true
  ? AsyncIterable<ChatResponse>
  : ChatResponse;

/**
 * A chat model. `call` sends messages (and tools) and resolves to one {@link ChatResponse}, or to
 * an async iterable of chunks when `stream` is true: deltas first, then one `is_last` chunk with
 * the whole content. Failures are typed (`ModelError`); aborts are not failures but
 * `finished_reason: "interrupted"`. Retries and fallback models live in the agent.
 *
 * @example
 * const model: ChatModel = new ScriptedModel({ responses: ["Hello!"], stream: false });
 * const res = await model.call([new UserMsg({ name: "user", content: "hi" })]);
 */
export interface ChatModel<S extends boolean = boolean> {
  /** The model's name (sent to the provider, shown in `MODEL_CALL_START`). */
  readonly model: string;
  /** Whether `call` streams. */
  readonly stream: S;
  /** The context window in tokens, used by context compression. */
  readonly contextSize: number;
  /**
   * Media types (fnmatch patterns such as `"image/*"`) the model accepts in data blocks; the agent
   * replaces other data blocks before calling it (spec §3.4).
   */
  readonly supportedInputMediaTypes: readonly string[];
  /** Calls the model. */
  call(messages: readonly Msg[], options?: ChatCallOptions): Promise<ChatCallResult<S>>;
  /** Estimates the tokens of `messages` and `tools` (spec §8.1 unless the model knows better). */
  countTokens(
    messages: readonly TokenCountable[],
    tools?: readonly ToolSchema[] | null,
  ): Promise<number>;
  /**
   * Makes the model fill `schema` through a forced tool call; validates, repairs once, then fails
   * with a `StructuredOutputError`. A zod schema gives its parsed output (defaults filled).
   */
  generateStructuredOutput<S extends z.ZodType>(
    messages: readonly Msg[],
    schema: S,
    options?: StructuredOutputOptions,
  ): Promise<StructuredResponse<z.output<S>>>;
  /** The same with a JSON schema: the output is the validated JSON object. */
  generateStructuredOutput(
    messages: readonly Msg[],
    schema: JsonSchemaObject,
    options?: StructuredOutputOptions,
  ): Promise<StructuredResponse<Record<string, unknown>>>;
}
