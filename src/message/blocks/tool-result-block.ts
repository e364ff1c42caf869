import { z } from "zod";
import { createdAtField, metadataField, openFinishedAtField } from "./block-base.js";
import { DataBlockSchema } from "./data-block.js";
import { TextBlockSchema } from "./text-block.js";

/** How a tool run ended (`running` while it streams). */
export const ToolResultState = {
  SUCCESS: "success",
  ERROR: "error",
  INTERRUPTED: "interrupted",
  DENIED: "denied",
  RUNNING: "running",
} as const;
export const ToolResultStateSchema = z.enum([
  "success",
  "error",
  "interrupted",
  "denied",
  "running",
]);
export type ToolResultState = z.output<typeof ToolResultStateSchema>;

/** Text and data blocks: what a tool's output (and a hint) may hold. */
export const TextOrDataBlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  DataBlockSchema,
]);
export type TextOrDataBlock = z.output<typeof TextOrDataBlockSchema>;

/** A tool's output: plain text, or text and data blocks. */
export const ToolOutputSchema = z.union([z.string(), z.array(TextOrDataBlockSchema)]);
export type ToolOutput = z.output<typeof ToolOutputSchema>;

/** The result of a tool call; `id` is the tool call's id. */
export const ToolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  id: z.string(),
  name: z.string(),
  output: ToolOutputSchema,
  state: ToolResultStateSchema.default("running"),
  metadata: metadataField,
  created_at: createdAtField,
  finished_at: openFinishedAtField,
});
export type ToolResultBlock = z.output<typeof ToolResultBlockSchema>;
export type ToolResultBlockInput = z.input<typeof ToolResultBlockSchema>;
