import { z } from "zod";
import { JsonObjectSchema } from "../json-value.js";
import { eventBaseShape } from "./event-base.js";

/**
 * A service-layer signal (`state_updated`, `team_updated`, …). It has no `reply_id`; clients
 * ignore names they do not know.
 */
export const CustomEventSchema = z.object({
  type: z.literal("CUSTOM"),
  ...eventBaseShape,
  name: z.string(),
  value: JsonObjectSchema.default(() => ({})),
});
export type CustomEvent = z.output<typeof CustomEventSchema>;
