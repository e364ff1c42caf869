import { z } from "zod";
import { createdAtField, idField, openFinishedAtField } from "./block-base.js";

/** A run of text. */
export const TextBlockSchema = z.object({
  type: z.literal("text"),
  text: z.string(),
  id: idField,
  created_at: createdAtField,
  finished_at: openFinishedAtField,
});
export type TextBlock = z.output<typeof TextBlockSchema>;
export type TextBlockInput = z.input<typeof TextBlockSchema>;
