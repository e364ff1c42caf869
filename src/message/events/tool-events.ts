import { z } from "zod";
import { metadataField, idField } from "../blocks/block-base.js";
import { UrlFieldSchema } from "../blocks/data-block.js";
import { ToolResultStateSchema } from "../blocks/tool-result-block.js";
import { replyEventShape } from "./event-base.js";

const callShape = { ...replyEventShape, tool_call_id: z.string() };

export const ToolCallStartEventSchema = z.object({
  type: z.literal("TOOL_CALL_START"),
  ...callShape,
  tool_call_name: z.string(),
});
export type ToolCallStartEvent = z.output<typeof ToolCallStartEventSchema>;
/** A chunk of the call's raw JSON input. */
export const ToolCallDeltaEventSchema = z.object({
  type: z.literal("TOOL_CALL_DELTA"),
  ...callShape,
  delta: z.string(),
});
export type ToolCallDeltaEvent = z.output<typeof ToolCallDeltaEventSchema>;
export const ToolCallEndEventSchema = z.object({ type: z.literal("TOOL_CALL_END"), ...callShape });
export type ToolCallEndEvent = z.output<typeof ToolCallEndEventSchema>;

export const ToolResultStartEventSchema = z.object({
  type: z.literal("TOOL_RESULT_START"),
  ...callShape,
  tool_call_name: z.string(),
});
export type ToolResultStartEvent = z.output<typeof ToolResultStartEventSchema>;
export const ToolResultTextDeltaEventSchema = z.object({
  type: z.literal("TOOL_RESULT_TEXT_DELTA"),
  ...callShape,
  delta: z.string(),
});
export type ToolResultTextDeltaEvent = z.output<typeof ToolResultTextDeltaEventSchema>;

/** Exact text of the reference's validation error. */
export const EXACTLY_ONE_OF_DATA_OR_URL = "Exactly one of `data` or `url` must be provided.";

/** A data block of tool output: exactly one of base64 `data` or `url` (a valid URL, normalised). */
export const ToolResultDataDeltaEventSchema = z
  .object({
    type: z.literal("TOOL_RESULT_DATA_DELTA"),
    ...callShape,
    block_id: idField,
    media_type: z.string(),
    data: z.string().nullable().default(null),
    url: UrlFieldSchema.nullable().default(null),
  })
  .refine((e) => (e.data === null) !== (e.url === null), { error: EXACTLY_ONE_OF_DATA_OR_URL });
export type ToolResultDataDeltaEvent = z.output<typeof ToolResultDataDeltaEventSchema>;

export const ToolResultEndEventSchema = z.object({
  type: z.literal("TOOL_RESULT_END"),
  ...callShape,
  state: ToolResultStateSchema,
  metadata: metadataField,
});
export type ToolResultEndEvent = z.output<typeof ToolResultEndEventSchema>;
