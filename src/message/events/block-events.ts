import { z } from "zod";
import { HintContentSchema } from "../blocks/hint-block.js";
import { replyEventShape } from "./event-base.js";

const blockShape = { ...replyEventShape, block_id: z.string() };

export const TextBlockStartEventSchema = z.object({
  type: z.literal("TEXT_BLOCK_START"),
  ...blockShape,
});
export type TextBlockStartEvent = z.output<typeof TextBlockStartEventSchema>;
export const TextBlockDeltaEventSchema = z.object({
  type: z.literal("TEXT_BLOCK_DELTA"),
  ...blockShape,
  delta: z.string(),
});
export type TextBlockDeltaEvent = z.output<typeof TextBlockDeltaEventSchema>;
export const TextBlockEndEventSchema = z.object({
  type: z.literal("TEXT_BLOCK_END"),
  ...blockShape,
});
export type TextBlockEndEvent = z.output<typeof TextBlockEndEventSchema>;

export const ThinkingBlockStartEventSchema = z.object({
  type: z.literal("THINKING_BLOCK_START"),
  ...blockShape,
});
export type ThinkingBlockStartEvent = z.output<typeof ThinkingBlockStartEventSchema>;
export const ThinkingBlockDeltaEventSchema = z.object({
  type: z.literal("THINKING_BLOCK_DELTA"),
  ...blockShape,
  delta: z.string(),
});
export type ThinkingBlockDeltaEvent = z.output<typeof ThinkingBlockDeltaEventSchema>;
export const ThinkingBlockEndEventSchema = z.object({
  type: z.literal("THINKING_BLOCK_END"),
  ...blockShape,
});
export type ThinkingBlockEndEvent = z.output<typeof ThinkingBlockEndEventSchema>;

export const DataBlockStartEventSchema = z.object({
  type: z.literal("DATA_BLOCK_START"),
  ...blockShape,
  media_type: z.string(),
});
export type DataBlockStartEvent = z.output<typeof DataBlockStartEventSchema>;
/** `data` is a base64 chunk; chunks concatenate by bytes. */
export const DataBlockDeltaEventSchema = z.object({
  type: z.literal("DATA_BLOCK_DELTA"),
  ...blockShape,
  data: z.string(),
  media_type: z.string(),
});
export type DataBlockDeltaEvent = z.output<typeof DataBlockDeltaEventSchema>;
export const DataBlockEndEventSchema = z.object({
  type: z.literal("DATA_BLOCK_END"),
  ...blockShape,
});
export type DataBlockEndEvent = z.output<typeof DataBlockEndEventSchema>;

/** A hint block injected into the context (complete in one event). */
export const HintBlockEventSchema = z.object({
  type: z.literal("HINT_BLOCK"),
  ...blockShape,
  source: z.string().nullable().default(null),
  hint: HintContentSchema,
});
export type HintBlockEvent = z.output<typeof HintBlockEventSchema>;
