import type { WireError } from "../errors/index.js";
import { BusError, BusErrorCode } from "./bus-error.js";

/**
 * What a subscriber of a reply subject receives when a message published with that reply
 * subject reached nobody: nats-server sends a 503 status (no payload) to the publisher's own
 * subscription on the reply subject, and both transports turn it into this error message, so a
 * caller streaming replies to an inbox learns at once that nobody will answer. The original
 * subject is not in it: the server's status does not carry it. Frozen (shared by every such
 * message).
 */
export const NO_RESPONDERS_WIRE: WireError = Object.freeze({
  code: BusErrorCode.NO_RESPONDERS,
  message: "No subscriber received the message this reply subject was sent with.",
  data: Object.freeze({}),
});

/** The rejection of a request to `subject` that reached nobody (both transports). */
export function noRespondersError(subject: string, cause?: unknown): BusError {
  return new BusError(BusErrorCode.NO_RESPONDERS, `No responders on "${subject}".`, {
    subject,
    ...(cause === undefined ? {} : { cause }),
  });
}
