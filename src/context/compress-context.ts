import { z } from "zod";
import { AbortedError, ActorscopeError, getLogger } from "../errors/index.js";
import {
  AssistantMsg,
  SystemMsg,
  UserMsg,
  newId,
  now,
  type HintBlock,
  type Msg,
  type TextOrDataBlock,
  type ToolSchema,
} from "../message/index.js";
import { STRUCTURED_OUTPUT_TOOL, type ChatModel } from "../model/index.js";
import { CompressionSummarySchema, type ContextConfig } from "./context-config.js";
import { splitForCompression } from "./split-for-compression.js";

/** The summary kept when compression had to fall back to truncation (the reference's text). */
export const TRUNCATED_SUMMARY =
  "<system-info>Some earlier messages were truncated for limited context.</system-info>";

/** Stable codes of the errors compression raises. */
export const ContextErrorCode = {
  /** The system prompt (and summary) alone reach the trigger: nothing can be compressed. */
  CONTEXT_CANNOT_COMPRESS: "CONTEXT_CANNOT_COMPRESS",
} as const;

/** What a compression works on: the agent's summary and context, and how to ask the model. */
export interface CompressionInput {
  readonly model: ChatModel;
  readonly systemPrompt: string;
  readonly summary: string | readonly TextOrDataBlock[];
  readonly context: readonly Msg[];
  readonly tools: readonly ToolSchema[];
  readonly config: ContextConfig;
  /** Extra instructions for this compression (`agent.compressContext(config, instructions)`). */
  readonly instructions: HintBlock | null;
  /** Stores the compressed messages and returns where (`offloadContext`), when there is one. */
  readonly offload?: ((messages: readonly Msg[]) => Promise<string>) | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The time written into the compression prompt's `{current_time}`. */
  readonly clock?: (() => Date) | undefined;
}

/** The outcome: the model input's size, and the new summary and context when it compressed. */
export type CompressionOutcome =
  | { readonly compressed: false; readonly tokens: number }
  | {
      readonly compressed: true;
      readonly tokens: number;
      readonly summary: string | TextOrDataBlock[];
      readonly context: Msg[];
      /** The messages the summary replaced. */
      readonly removed: Msg[];
      /** Whether the model summarised them (false: they were dropped, spec §8.2 step 5's fallback). */
      readonly summarised: boolean;
    };

/**
 * Compresses the context when the model input reaches `triggerRatio × contextSize` (spec §8.2
 * steps 2–6): the newest messages within `reserveRatio × contextSize` are kept, the older ones
 * are summarised by the model (structured output with the summary schema), with the overflow
 * retry and the fallback to truncation of the reference, and offloaded when an offloader is given.
 * An interrupted summary applies nothing (`AbortedError`).
 */
export async function compressContextOnce(input: CompressionInput): Promise<CompressionOutcome> {
  const { model, config, tools } = input;
  const count = (messages: readonly Msg[], schemas: readonly ToolSchema[]) =>
    model.countTokens(messages, schemas);
  const base = baseMessages(input.systemPrompt, input.summary);
  const tokens = await count([...base, ...input.context], tools);
  const threshold = config.triggerRatio * model.contextSize;
  if (tokens < threshold) return { compressed: false, tokens };
  if (input.context.length === 0) {
    const what =
      summaryText(input.summary) === ""
        ? "system prompt exceeds"
        : "system prompt and the compression summary exceed";
    throw new ActorscopeError(
      ContextErrorCode.CONTEXT_CANNOT_COMPRESS,
      `The ${what} the compression threshold (${pyFloat(threshold)} tokens), cannot be compressed.`,
      { data: { tokens, threshold } },
    );
  }
  let split = await splitForCompression(
    base,
    input.context,
    config.reserveRatio * model.contextSize,
    tools,
    count,
  );
  if (split.toCompress.length === 0) {
    getLogger().warn("Nothing to compress within the reserve budget; compressing with no reserve.");
    split = await splitForCompression(base, input.context, 0, tools, count);
  }
  const summarised = await summarise(input, base, split.toCompress, threshold);
  let summary: string | TextOrDataBlock[] =
    summarised === null
      ? summaryText(input.summary) === ""
        ? TRUNCATED_SUMMARY
        : copySummary(input.summary)
      : summarised;
  if (input.offload !== undefined) {
    const path = await input.offload(split.toCompress);
    summary = withReminder(summary, path);
  }
  return {
    compressed: true,
    tokens,
    summary,
    context: split.reserve,
    removed: split.toCompress,
    summarised: summarised !== null,
  };
}

/** Asks the model for the summary; null when it failed and the caller must truncate instead. */
async function summarise(
  input: CompressionInput,
  base: readonly Msg[],
  toCompress: readonly Msg[],
  threshold: number,
): Promise<string | null> {
  const { model, config } = input;
  const schema = config.summarySchema ?? z.toJSONSchema(CompressionSummarySchema);
  const toolSchema: ToolSchema = {
    type: "function",
    function: { name: STRUCTURED_OUTPUT_TOOL, description: "", parameters: schema },
  };
  const prompt = new UserMsg({
    name: "user",
    content: config.compressionPrompt.replace(
      "{current_time}",
      (input.clock?.() ?? new Date()).toISOString(),
    ),
  });
  const request = (messages: readonly Msg[]) => [
    ...base,
    ...messages,
    ...(input.instructions === null
      ? []
      : [new AssistantMsg({ name: "assistant", content: [input.instructions] })]),
    prompt,
  ];
  const estimate = (messages: readonly Msg[]) => model.countTokens(request(messages), [toolSchema]);
  let messages = [...toCompress];
  // A request over the window would be refused by a real provider (the reference sends it and
  // trims after the failure): the oldest messages are dropped first, until it fits under the
  // trigger. They are still offloaded with the rest; only the summary does not cover them.
  if ((await estimate(messages)) > model.contextSize) {
    while (messages.length > 1 && (await estimate(messages)) >= threshold)
      messages = messages.slice(1);
  }
  try {
    const response = await model.generateStructuredOutput(request(messages), schema, {
      signal: input.signal,
    });
    if (response.finished_reason === "interrupted") throw new AbortedError("context compression");
    return renderSummary(config.summaryTemplate, response.content);
  } catch (error) {
    if (error instanceof AbortedError || input.signal?.aborted === true) throw error;
    // The reference falls back to truncation; the failure is said, not swallowed.
    getLogger().warn("Context compression failed; the older messages are truncated instead", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return null;
}

function baseMessages(systemPrompt: string, summary: CompressionInput["summary"]): Msg[] {
  const base: Msg[] = [new SystemMsg({ name: "system", content: systemPrompt })];
  if (summaryText(summary) !== "" || (Array.isArray(summary) && summary.length > 0)) {
    base.push(new UserMsg({ name: "user", content: copySummary(summary) }));
  }
  return base;
}

/** The template with each `{field}` filled (Python's `str.format(**fields)` for named fields). */
export function renderSummary(template: string, fields: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, key: string) =>
    Object.hasOwn(fields, key) ? stringOf(fields[key]) : whole,
  );
}

function withReminder(
  summary: string | TextOrDataBlock[],
  path: string,
): string | TextOrDataBlock[] {
  const reminder = `\n<system-reminder>The compressed context is offloaded to '${path}', you can refer to it when needed.</system-reminder>`;
  if (typeof summary === "string") return summary.includes(reminder) ? summary : summary + reminder;
  const present = summary.some((b) => b.type === "text" && b.text.includes(reminder));
  if (present) return summary;
  const at = now();
  return [
    ...summary,
    { type: "text", text: reminder, id: newId(), created_at: at, finished_at: at },
  ];
}

function summaryText(summary: CompressionInput["summary"]): string {
  if (typeof summary === "string") return summary;
  return summary.map((b) => (b.type === "text" ? b.text : "")).join("");
}

function copySummary(summary: CompressionInput["summary"]): string | TextOrDataBlock[] {
  return typeof summary === "string" ? summary : [...summary];
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** Python's `str(float)` for a threshold: `1600.0`, `26214.4`. */
function pyFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}
