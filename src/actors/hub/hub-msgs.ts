import { freezeMsg, isFrozenMsg, Msg } from "../../message/index.js";
import { HubError, HubErrorCode } from "./hub-error.js";

/** Blocks an agent refuses to observe (spec §3.4): a hub never hands them on. */
const UNOBSERVABLE = ["tool_call", "tool_result", "thinking"] as const;

/**
 * Why `msg` cannot be observed by an agent (spec §3.4), or null when it can. Checked once per
 * message by the hub, so that no participant refuses it (and nobody logs it N times).
 */
export function unobservable(msg: Msg): string | null {
  if (msg.role === "system") return "a system message cannot be observed";
  if (msg.hasContentBlocks(UNOBSERVABLE))
    return "a message with tool calls, tool results or thinking blocks cannot be observed";
  return null;
}

/**
 * The form of a message every participant of a hub shares: a validated copy, frozen
 * (`freezeMsg`), so one object serves all of them. A message already frozen is taken as it is.
 * Throws `ValidationError` for data that is not a message.
 */
export function sharedMsg(value: unknown): Msg {
  if (isFrozenMsg(value)) return value as Msg;
  return freezeMsg(value instanceof Msg ? Msg.fromJSON(value.toJSON()) : Msg.fromJSON(value));
}

/**
 * What `broadcast` and `announcement` take (one message or several, `Msg`s or their JSON), as
 * shared messages. A message no agent can observe is refused with `HUB_INVALID_MESSAGE`.
 */
export function hubMsgs(hub: string, input: unknown): readonly Msg[] {
  const values: readonly unknown[] = Array.isArray(input) ? input : [input];
  if (values.length === 0) {
    throw new HubError(HubErrorCode.HUB_INVALID_MESSAGE, hub, `Hub '${hub}': nothing to send.`);
  }
  return Object.freeze(
    values.map((value, i) => {
      let msg: Msg;
      try {
        msg = sharedMsg(value);
      } catch (error) {
        throw invalid(hub, i, error instanceof Error ? error.message : String(error), error);
      }
      const why = unobservable(msg);
      if (why !== null) throw invalid(hub, i, why);
      return msg;
    }),
  );
}

function invalid(hub: string, index: number, why: string, cause?: unknown): HubError {
  return new HubError(
    HubErrorCode.HUB_INVALID_MESSAGE,
    hub,
    `Hub '${hub}': message ${index} cannot be sent: ${why}. Send user or assistant messages of text and data blocks.`,
    { cause, data: { index } },
  );
}
