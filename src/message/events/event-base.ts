import { createdAtField, idField, metadataField } from "../blocks/block-base.js";
import { z } from "zod";

/** Fields every event has (`EventBase`). */
export const eventBaseShape = {
  id: idField,
  created_at: createdAtField,
  metadata: metadataField,
};

/** Fields every event of a reply has: the base plus `reply_id`. */
export const replyEventShape = {
  ...eventBaseShape,
  reply_id: z.string(),
};
