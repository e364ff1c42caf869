import { z } from "zod";
import { now } from "../identity.js";
import { createdAtField, idField } from "./block-base.js";
import { DataBlockSchema } from "./data-block.js";
import { TextBlockSchema } from "./text-block.js";

/** A hint's payload: plain text, or text and data blocks. */
export const HintContentSchema = z.union([
  z.string(),
  z.array(z.discriminatedUnion("type", [TextBlockSchema, DataBlockSchema])),
]);
export type HintContent = z.output<typeof HintContentSchema>;

/**
 * Context injected for the model (runtime state, a team message, a scheduled trigger). Unlike
 * other blocks it is complete when made: `finished_at` defaults to a timestamp, not null.
 */
export const HintBlockSchema = z.object({
  type: z.literal("hint"),
  hint: HintContentSchema,
  id: idField,
  source: z.string().nullable().default(null),
  created_at: createdAtField,
  finished_at: z
    .string()
    .nullable()
    .default(() => now()),
});
export type HintBlock = z.output<typeof HintBlockSchema>;
export type HintBlockInput = z.input<typeof HintBlockSchema>;
