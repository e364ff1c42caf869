import type { z } from "zod";
import type { Msg, ToolSchema } from "../message/index.js";
import type { ChatCallOptions, ChatCallResult, ChatModel } from "./chat-model.js";
import { generateStructuredOutput } from "./structured-output/generate-structured-output.js";
import type {
  JsonSchemaObject,
  StructuredOutputOptions,
  StructuredResponse,
  StructuredSchema,
} from "./structured-output/structured-response.js";
import { estimateTokens, type TokenCountable } from "./token-count.js";

/**
 * The shared half of every chat model: token counting per spec §8.1 and structured output through
 * a forced tool call. A model implements `call` and its four properties.
 *
 * @example
 * class EchoModel extends ChatModelBase<false> {
 *   readonly model = "echo"; readonly stream = false; readonly contextSize = 8192;
 *   readonly supportedInputMediaTypes = ["text/plain"];
 *   async call(messages) { … }
 * }
 */
export abstract class ChatModelBase<S extends boolean = boolean> implements ChatModel<S> {
  abstract readonly model: string;
  abstract readonly stream: S;
  abstract readonly contextSize: number;
  abstract readonly supportedInputMediaTypes: readonly string[];

  abstract call(messages: readonly Msg[], options?: ChatCallOptions): Promise<ChatCallResult<S>>;

  /** The reference's estimate (spec §8.1); override with a real tokenizer where one exists. */
  countTokens(
    messages: readonly TokenCountable[],
    tools?: readonly ToolSchema[] | null,
  ): Promise<number> {
    return Promise.resolve(estimateTokens(messages, tools));
  }

  generateStructuredOutput<T extends z.ZodType>(
    messages: readonly Msg[],
    schema: T,
    options?: StructuredOutputOptions,
  ): Promise<StructuredResponse<z.output<T>>>;
  generateStructuredOutput(
    messages: readonly Msg[],
    schema: JsonSchemaObject,
    options?: StructuredOutputOptions,
  ): Promise<StructuredResponse<Record<string, unknown>>>;
  generateStructuredOutput(
    messages: readonly Msg[],
    schema: StructuredSchema,
    options?: StructuredOutputOptions,
  ): Promise<StructuredResponse<unknown>> {
    return generateStructuredOutput(this, messages, schema, options);
  }
}
