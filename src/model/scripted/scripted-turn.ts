import { z } from "zod";
import {
  DataBlockSchema,
  JsonObjectSchema,
  type Msg,
  type ToolSchema,
} from "../../message/index.js";
import type { ToolChoice } from "../tool-choice.js";

const tokens = z.number().int().nonnegative();

/** A tool call a scripted turn makes; `input` is an object or raw JSON text (may be malformed). */
export const ScriptedToolCallSchema = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  input: z.union([z.string(), JsonObjectSchema]),
});
export type ScriptedToolCall = z.input<typeof ScriptedToolCallSchema>;

/** A data block a scripted turn produces (`type` may be left out). */
export const ScriptedDataSchema = DataBlockSchema.extend({
  type: z.literal("data").default("data"),
});

/** Token counts a turn reports; counts left out are estimated (spec §8.1). */
export const ScriptedUsageSchema = z.strictObject({
  input_tokens: tokens.optional(),
  output_tokens: tokens.optional(),
  cache_input_tokens: tokens.optional(),
  cache_creation_input_tokens: tokens.optional(),
  time: z.number().nonnegative().optional(),
});

/** A failure in the middle of a streamed turn. */
export const ScriptedFailureSchema = z.strictObject({
  /** What the stream throws. */
  error: z.instanceof(Error),
  /**
   * How many delta chunks are delivered before it (default: all of them, so the final chunk never
   * comes). A non-streaming call throws it at once.
   */
  afterChunks: z.number().int().nonnegative().optional(),
});

/** One scripted answer, in the order it streams: thinking, text, tool calls, data. */
export const ScriptedReplySchema = z.strictObject({
  text: z.string().optional(),
  thinking: z.string().optional(),
  toolCalls: z.array(ScriptedToolCallSchema).optional(),
  data: z.array(ScriptedDataSchema).optional(),
  usage: ScriptedUsageSchema.optional(),
  /**
   * `false` streams no tool-call deltas: the calls appear only in the final chunk, as a provider
   * without streamed tool calls does (spec §11 behaviour 95). Default `true`.
   */
  streamToolCalls: z.boolean().optional(),
  fail: ScriptedFailureSchema.optional(),
});
export type ScriptedReply = z.input<typeof ScriptedReplySchema>;
export type ParsedScriptedReply = z.output<typeof ScriptedReplySchema>;

/**
 * One turn of a script: a string (the text answer), a reply object, or an `Error`, which the call
 * throws (inject a `ModelError` to exercise retries and error reporting).
 */
export const ScriptedTurnSchema = z.union([z.string(), z.instanceof(Error), ScriptedReplySchema]);
export type ScriptedTurn = z.input<typeof ScriptedTurnSchema>;
export type ParsedScriptedTurn = z.output<typeof ScriptedTurnSchema>;

/** What a responder function learns about the call besides messages and tools. */
export interface ScriptedCallInfo {
  /** 0 for the model's first call, then 1, 2, … */
  readonly index: number;
  readonly toolChoice: ToolChoice | undefined;
  readonly signal: AbortSignal | undefined;
}

/** A script as a function of the conversation. */
export type ScriptedResponder = (
  messages: readonly Msg[],
  tools: readonly ToolSchema[] | undefined,
  call: ScriptedCallInfo,
) => ScriptedTurn | Promise<ScriptedTurn>;
