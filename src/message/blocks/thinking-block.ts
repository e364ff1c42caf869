import { z } from "zod";
import { JsonFieldSchema } from "../json-value.js";
import { createdAtField, idField, openFinishedAtField } from "./block-base.js";

/**
 * Model reasoning. Extra fields are kept (provider data such as `signature` or
 * `redacted_thinking_data`; redacted thinking is `thinking: ""` plus such a field); they must be
 * JSON data of bounded depth, like metadata.
 */
export const ThinkingBlockSchema = z
  .object({
    type: z.literal("thinking"),
    thinking: z.string(),
    id: idField,
    created_at: createdAtField,
    finished_at: openFinishedAtField,
  })
  .catchall(JsonFieldSchema);
export type ThinkingBlock = z.output<typeof ThinkingBlockSchema>;
export type ThinkingBlockInput = z.input<typeof ThinkingBlockSchema>;
