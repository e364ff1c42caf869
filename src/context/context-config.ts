import { z } from "zod";

/** The summary a compression produces (spec §8.2): all fields required strings. */
export const CompressionSummarySchema = z.object({
  task_overview: z.string().describe("What the user asked for and the overall goal of the work."),
  current_state: z.string().describe("What has been done so far and where the work stands now."),
  important_discoveries: z
    .string()
    .describe("Facts, decisions, errors and their fixes learned so far that later steps rely on."),
  next_steps: z.string().describe("The concrete steps that remain, in order."),
  context_to_preserve: z
    .string()
    .describe(
      "Exact details to keep verbatim: file paths, identifiers, commands, user preferences.",
    ),
});
export type CompressionSummary = z.output<typeof CompressionSummarySchema>;

export const DEFAULT_SUMMARY_TEMPLATE =
  "<system-info>Here is a summary of your previous work\n# Task Overview\n{task_overview}\n\n# Current State\n{current_state}\n\n# Important Discoveries\n{important_discoveries}\n\n# Next Steps\n{next_steps}\n\n# Context to Preserve\n{context_to_preserve}</system-info>";

/**
 * The default request for a summary. `{current_time}` is filled in when the request is made
 * (departure 5 of the spec; the reference leaves the placeholder in).
 */
export const DEFAULT_COMPRESSION_PROMPT =
  "The conversation so far is about to be compressed to free up context space. The current time is {current_time}. " +
  "Summarise the earlier messages so that you can continue the work seamlessly from the summary alone: " +
  "the task and its goal, the current state, important discoveries, the next steps, and any exact details " +
  "(file paths, identifiers, commands, user preferences) that must be preserved.";

/**
 * When and how the agent compresses its context (spec §3.1, §8). Options are camelCase code;
 * validation errors name the field.
 */
export const ContextConfigSchema = z.object({
  /** Compress when the model input reaches this share of the context size. */
  triggerRatio: z.number().gt(0).lte(0.9).default(0.8),
  /** Keep this share of the context size uncompressed (the newest messages). */
  reserveRatio: z.number().gt(0).lt(0.9).default(0.1),
  compressionPrompt: z.string().default(DEFAULT_COMPRESSION_PROMPT),
  summaryTemplate: z.string().default(DEFAULT_SUMMARY_TEMPLATE),
  /** The JSON schema of the summary (defaults to that of {@link CompressionSummarySchema}). */
  summarySchema: z.record(z.string(), z.unknown()).nullable().default(null),
  /** Tool results above this many tokens are truncated before they are saved. */
  toolResultLimit: z.number().int().positive().default(50_000),
  /** At most this many images stay in the context. */
  maxImageNum: z.number().int().nonnegative().default(5),
});
export type ContextConfig = z.output<typeof ContextConfigSchema>;
export type ContextConfigInput = z.input<typeof ContextConfigSchema>;
