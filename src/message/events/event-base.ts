import { createdAtField, idField, metadataField } from "../blocks/block-base.js";
import { z } from "zod";

/** Fields every event has (`EventBase`). */
export const eventBaseShape = {
  id: idField,
  created_at: createdAtField,
  metadata: metadataField,
  /**
   * actorscope's addition: the id of the agent that emitted the event (every event an `Agent`
   * sends carries it), so one observer of several agents (`merge(a.events$, b.events$)`, a bus
   * subscription) tells them apart. Absent on events made elsewhere; not part of AgentScope's
   * dump, and kept out of `metadata`, which some events copy into the blocks they end.
   */
  agent_id: z.string().optional(),
};

/** Fields every event of a reply has: the base plus `reply_id`. */
export const replyEventShape = {
  ...eventBaseShape,
  reply_id: z.string(),
};
