import { ActorscopeError, type ErrorData } from "../errors/index.js";

/** The bus's own error codes (timeouts, aborts and validation use the shared codes). */
export const BusErrorCode = {
  /** A request found no subscriber on its subject. */
  NO_RESPONDERS: "NO_RESPONDERS",
  /** The bus was used after `close()`. */
  BUS_CLOSED: "BUS_CLOSED",
  /** A subject or subject token breaks the NATS rules (empty, a wildcard where none may be, …). */
  INVALID_SUBJECT: "INVALID_SUBJECT",
  /** The transport could not connect, or lost the connection for good. */
  BUS_CONNECTION: "BUS_CONNECTION",
  /** The server refused a publish or subscribe for this user (NATS subject permissions). */
  BUS_PERMISSION: "BUS_PERMISSION",
  /** A payload could not be encoded or decoded by the codec. */
  BUS_CODEC: "BUS_CODEC",
} as const;
export type BusErrorCode = (typeof BusErrorCode)[keyof typeof BusErrorCode];

/** A bus failure. `subject` names the subject involved, when there is one. */
export class BusError extends ActorscopeError {
  readonly subject: string | undefined;

  constructor(
    code: BusErrorCode,
    message: string,
    options: { subject?: string; cause?: unknown; data?: ErrorData } = {},
  ) {
    super(code, message, {
      cause: options.cause,
      data: {
        ...options.data,
        ...(options.subject === undefined ? {} : { subject: options.subject }),
      },
    });
    this.subject = options.subject;
  }
}

/** `BUS_CLOSED`, the same on both transports: the bus was used after `close()`. */
export function busClosedError(subject?: string): BusError {
  return new BusError(
    BusErrorCode.BUS_CLOSED,
    subject === undefined
      ? "The bus is closed; open a new one."
      : `The bus is closed (subject "${subject}"); open a new one.`,
    subject === undefined ? {} : { subject },
  );
}
