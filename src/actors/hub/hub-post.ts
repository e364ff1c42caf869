import { z } from "zod";
import type { Msg } from "../../message/index.js";
import { sharedMsg, unobservable } from "./hub-msgs.js";

/**
 * One post in a hub: messages said together, by a participant (`sender`, its agent id: it does
 * not observe its own post) or broadcast by the hub (`sender` null: every participant observes
 * it). The messages are frozen, shared by every participant.
 */
export interface HubPost {
  /** Unique per post. */
  readonly id: string;
  readonly sender: string | null;
  readonly msgs: readonly Msg[];
}

/** A post as it travels on `as.hub.<hub>.msgs`, with its place in the hub's order. */
export interface WirePost extends HubPost {
  /** The post's place in the hub's one order (1, 2, 3, … for the life of the hub). */
  readonly seq: number;
}

/**
 * A message of a post on arrival: parsed once (`Msg.fromJSON`), checked observable once, and
 * frozen, so every local participant shares it — one validation per message, not per delivery.
 */
const WireMsgSchema = z.unknown().transform((value, ctx): Msg => {
  let msg: Msg;
  try {
    msg = sharedMsg(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : "not a Msg" });
    return z.NEVER;
  }
  const why = unobservable(msg);
  if (why !== null) {
    ctx.addIssue({ code: "custom", message: why });
    return z.NEVER;
  }
  return msg;
});

/**
 * The wire schema of a hub post (what members of one hub publish on its subject), validated on
 * arrival: a malformed post is a logged warning and is not delivered. Unknown keys are dropped,
 * so a later version may add some.
 */
export const HubPostSchema = z.object({
  id: z.string().min(1),
  seq: z.number().int().positive(),
  sender: z.string().min(1).nullable(),
  msgs: z.array(WireMsgSchema).min(1),
});
