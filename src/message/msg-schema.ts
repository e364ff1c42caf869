import { z } from "zod";
import {
  createdAtField,
  idField,
  metadataField,
  openFinishedAtField,
} from "./blocks/block-base.js";
import { ContentBlockSchema } from "./blocks/content-block.js";
import { ErrorInfoSchema } from "./error-info.js";
import { JsonObjectSchema } from "./json-value.js";
import { ReplyFinishedReasonSchema } from "./finished-reason.js";
import { RoleSchema } from "./role.js";
import { UsageSchema } from "./usage.js";

/** The wire form of a message (what `toJSON` gives and `Msg.fromJSON` takes). */
export const MsgSchema = z.object({
  name: z.string(),
  content: z.array(ContentBlockSchema),
  role: RoleSchema,
  id: idField,
  metadata: metadataField,
  created_at: createdAtField,
  usage: UsageSchema.nullable().default(null),
  finished_at: openFinishedAtField,
  finished_reason: ReplyFinishedReasonSchema.nullable().default(null),
  structured_output: JsonObjectSchema.nullable().default(null),
  error: ErrorInfoSchema.nullable().default(null),
});
/** A message as plain data. */
export type MsgData = z.output<typeof MsgSchema>;
export type MsgDataInput = z.input<typeof MsgSchema>;
