import type { Msg } from "nats";
import type { z } from "zod";
import {
  type ActorscopeError,
  ValidationError,
  WireErrorSchema,
  toWireError,
  type WireError,
} from "../errors/index.js";
import type { BusHeaders, BusMessage } from "./bus.js";
import { BusError, BusErrorCode } from "./bus-error.js";
import { NO_RESPONDERS_WIRE } from "./no-responders.js";
import type { WireReader } from "./nats-wire.js";

/** Sends replies for received messages (the bus). */
export interface Replier {
  reply(replyTo: string, payload: unknown, headers: BusHeaders | undefined, isError: boolean): void;
}

/** A received message nobody can answer (no reply subject). */
export class NatsBusMessage<T> implements BusMessage<T> {
  constructor(
    readonly subject: string,
    readonly data: T,
    readonly headers: BusHeaders | undefined,
    readonly error: WireError | undefined,
  ) {}
}

/**
 * A received message whose sender waits for replies. `respond`/`respondError` are bound
 * functions (they may be destructured or handed on), made on first use rather than for every
 * message.
 */
export class NatsRequestMessage<T> extends NatsBusMessage<T> {
  readonly #replier: Replier;
  #respond: BusMessage["respond"];
  #respondError: BusMessage["respondError"];

  constructor(
    subject: string,
    data: T,
    headers: BusHeaders | undefined,
    error: WireError | undefined,
    readonly replyTo: string,
    replier: Replier,
  ) {
    super(subject, data, headers, error);
    this.#replier = replier;
  }

  get respond(): (payload: unknown, options?: { headers?: BusHeaders }) => void {
    return (this.#respond ??= (payload, options) => {
      this.#replier.reply(this.replyTo, payload, options?.headers, false);
    });
  }

  get respondError(): (error: unknown, options?: { headers?: BusHeaders }) => void {
    return (this.#respondError ??= (error, options) => {
      this.#replier.reply(this.replyTo, toWireError(error), options?.headers, true);
    });
  }
}

/** How one subscription reads its messages. */
export interface ReadOptions<T> {
  readonly reader: WireReader;
  readonly replier: Replier;
  readonly schema?: z.ZodType<T> | undefined;
  /** What the payload is, for error messages. */
  readonly what?: string | undefined;
}

/**
 * Decodes a received NATS message into a {@link BusMessage}: the codec its header names, the
 * error mark, the caller's headers, the schema. A payload that cannot be read returns the typed
 * error instead (`BUS_CODEC`, `VALIDATION_FAILED`), for the caller to answer or log. A server
 * "no responders" status (503 on a reply subject) becomes an error message `NO_RESPONDERS`.
 */
export function readMessage<T>(msg: Msg, o: ReadOptions<T>): BusMessage<T> | ActorscopeError {
  const subject = msg.subject;
  const h = msg.headers;
  const bytes = msg.data;
  if (h !== undefined && h.code === 503 && bytes.length === 0) {
    return new NatsBusMessage<T>(subject, undefined as T, undefined, NO_RESPONDERS_WIRE);
  }
  const wire = o.reader.read(h);
  if (wire.codec === undefined) {
    return new BusError(
      BusErrorCode.BUS_CODEC,
      `The payload on "${subject}" is encoded with codec "${wire.codecName}", which this process does not have.`,
      { subject },
    );
  }
  let value: unknown;
  try {
    value = wire.codec.decode(bytes);
  } catch (error) {
    return error instanceof BusError
      ? error
      : new BusError(BusErrorCode.BUS_CODEC, `Cannot decode the payload on "${subject}".`, {
          subject,
          cause: error,
        });
  }
  let data = value as T;
  let error: WireError | undefined;
  if (wire.isError) {
    data = undefined as T;
    const parsed = WireErrorSchema.safeParse(value);
    error = parsed.success
      ? parsed.data
      : {
          code: "MALFORMED_WIRE_ERROR",
          message: `Received a malformed error reply on "${subject}".`,
          data: { received: value },
        };
  } else if (o.schema !== undefined) {
    const parsed = o.schema.safeParse(value);
    if (!parsed.success) {
      return ValidationError.fromZod(o.what ?? `payload on "${subject}"`, parsed.error);
    }
    data = parsed.data;
  }
  const replyTo = msg.reply;
  return replyTo === undefined || replyTo === ""
    ? new NatsBusMessage(subject, data, wire.user, error)
    : new NatsRequestMessage(subject, data, wire.user, error, replyTo, o.replier);
}
