import { ActorscopeError, type ErrorData } from "../../errors/index.js";

/** The hub's own error codes (timeouts and aborts use the shared `TIMEOUT` and `ABORTED`). */
export const HubErrorCode = {
  /** The hub was used after `close()`. */
  HUB_CLOSED: "HUB_CLOSED",
  /** A message given to the hub cannot be observed (role system, tool calls or results, thinking). */
  HUB_INVALID_MESSAGE: "HUB_INVALID_MESSAGE",
  /** A participant is not an agent (`id`, `name`, `observe` and `events$` are needed). */
  HUB_INVALID_PARTICIPANT: "HUB_INVALID_PARTICIPANT",
} as const;
export type HubErrorCode = (typeof HubErrorCode)[keyof typeof HubErrorCode];

/** A `MsgHub` failure; `hub` names the hub. */
export class HubError extends ActorscopeError {
  readonly hub: string;

  constructor(
    code: HubErrorCode,
    hub: string,
    message: string,
    options: { cause?: unknown; data?: ErrorData } = {},
  ) {
    super(code, message, { cause: options.cause, data: { ...options.data, hub } });
    this.hub = hub;
  }
}
