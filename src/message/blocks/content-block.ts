import { z } from "zod";
import { DataBlockSchema } from "./data-block.js";
import { HintBlockSchema } from "./hint-block.js";
import { TextBlockSchema } from "./text-block.js";
import { ThinkingBlockSchema } from "./thinking-block.js";
import { ToolCallBlockSchema } from "./tool-call-block.js";
import { ToolResultBlockSchema } from "./tool-result-block.js";

/** Every block a message may hold, discriminated by `type`. */
export const ContentBlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  ThinkingBlockSchema,
  HintBlockSchema,
  ToolCallBlockSchema,
  ToolResultBlockSchema,
  DataBlockSchema,
]);
export type ContentBlock = z.output<typeof ContentBlockSchema>;
export type ContentBlockInput = z.input<typeof ContentBlockSchema>;

/** The `type` of each block kind. */
export const ContentBlockType = {
  TEXT: "text",
  THINKING: "thinking",
  HINT: "hint",
  TOOL_CALL: "tool_call",
  TOOL_RESULT: "tool_result",
  DATA: "data",
} as const;
export type ContentBlockType = ContentBlock["type"];

/** The block of a given `type`. */
export type BlockOfType<T extends ContentBlockType> = Extract<ContentBlock, { type: T }>;
