import { ErrorCode as NatsCode, NatsError, type Status } from "nats";
import { ActorscopeError, ErrorCode, TimeoutError } from "../errors/index.js";
import { BusError, BusErrorCode } from "./bus-error.js";
import { noRespondersError } from "./no-responders.js";

/** What was being done when nats.js failed, for the error's message. */
export interface NatsErrorContext {
  /** "publish", "subscribe", "request", "flush", "key-value get", … */
  readonly op: string;
  readonly subject?: string;
  /** For a `TIMEOUT`. */
  readonly timeoutMs?: number;
}

/** nats.js's codes as plain strings: its `ErrorCode` is an enum, `NatsError.code` a string. */
type NatsCodeName =
  | "noResponders"
  | "timeout"
  | "permissions"
  | "closed"
  | "draining"
  | "maxPayload"
  | "badSubject"
  | "badHeader"
  | "connectionTimeout"
  | "refused"
  | "tls";
const NATS: Readonly<Record<NatsCodeName, string>> = {
  noResponders: NatsCode.NoResponders,
  timeout: NatsCode.Timeout,
  permissions: NatsCode.PermissionsViolation,
  closed: NatsCode.ConnectionClosed,
  draining: NatsCode.ConnectionDraining,
  maxPayload: NatsCode.MaxPayloadExceeded,
  badSubject: NatsCode.BadSubject,
  badHeader: NatsCode.BadHeader,
  connectionTimeout: NatsCode.ConnectionTimeout,
  refused: NatsCode.ConnectionRefused,
  tls: NatsCode.Tls,
};

const CONNECTION_CODES = new Set<string>([
  NatsCode.ConnectionRefused,
  NatsCode.ConnectionTimeout,
  NatsCode.Disconnect,
  NatsCode.Tls,
]);
const AUTH_CODES = new Set<string>([
  NatsCode.AuthorizationViolation,
  NatsCode.AuthenticationExpired,
  NatsCode.AuthenticationTimeout,
  NatsCode.AccountExpired,
  NatsCode.BadAuthentication,
  NatsCode.BadCreds,
]);

/**
 * Turns a nats.js failure into the bus's typed error: no responders (503) → `NO_RESPONDERS`, a
 * timeout → {@link TimeoutError}, a permissions violation → `BUS_PERMISSION`, a closed or draining
 * connection → `BUS_CLOSED`, lost connections and refused credentials → `BUS_CONNECTION`, a
 * payload over the server's `max_payload` → `BUS_CODEC`. An error that is already typed passes
 * through; anything else is `INTERNAL` with the original as `cause`.
 */
export function fromNatsError(error: unknown, context: NatsErrorContext): ActorscopeError {
  if (error instanceof ActorscopeError) return error;
  const where = context.subject === undefined ? context.op : `${context.op} ${context.subject}`;
  const subject = context.subject === undefined ? {} : { subject: context.subject };
  if (!(error instanceof NatsError)) {
    const message = error instanceof Error ? error.message : String(error);
    return new ActorscopeError(ErrorCode.INTERNAL, `NATS ${where} failed: ${message}`, {
      cause: error,
    });
  }
  const code = error.code;
  if (code === NATS.noResponders) {
    return noRespondersError(context.subject ?? "?", error);
  }
  if (code === NATS.timeout) {
    return new TimeoutError(`NATS ${where}`, context.timeoutMs ?? 0, { cause: error });
  }
  if (code === NATS.permissions) return permissionError(error, context);
  if (code === NATS.closed || code === NATS.draining) {
    return new BusError(BusErrorCode.BUS_CLOSED, `The bus is closed (${where}).`, {
      ...subject,
      cause: error,
    });
  }
  if (code === NATS.maxPayload) {
    return new BusError(
      BusErrorCode.BUS_CODEC,
      `The payload of ${where} is larger than the server's max_payload; send large data by reference (a file, an object store) or raise max_payload.`,
      { ...subject, cause: error },
    );
  }
  if (code === NATS.badHeader) {
    return new BusError(
      BusErrorCode.BUS_CODEC,
      `A header of ${where} cannot be sent: ${error.message} (names are printable ASCII without ":", values have no CR or LF).`,
      { ...subject, cause: error },
    );
  }
  if (code === NATS.badSubject) {
    return new BusError(BusErrorCode.INVALID_SUBJECT, `Invalid subject for ${where}.`, {
      ...subject,
      cause: error,
    });
  }
  if (CONNECTION_CODES.has(code) || AUTH_CODES.has(code)) {
    return new BusError(BusErrorCode.BUS_CONNECTION, `NATS ${where} failed: ${error.message}`, {
      ...subject,
      cause: error,
    });
  }
  return new ActorscopeError(ErrorCode.INTERNAL, `NATS ${where} failed: ${error.message}`, {
    cause: error,
  });
}

/** A subject permission the server refused, as `BUS_PERMISSION` naming the operation and subject. */
export function permissionError(error: NatsError, context?: NatsErrorContext): BusError {
  const refused = error.permissionContext;
  const op = refused?.operation ?? context?.op ?? "operation";
  const subject = refused?.subject ?? context?.subject;
  const target = subject === undefined ? "" : ` to "${subject}"`;
  return new BusError(
    BusErrorCode.BUS_PERMISSION,
    `The NATS server refused this user's ${op}${target} (subject permissions); grant it in the server's authorization config.`,
    {
      ...(subject === undefined ? {} : { subject }),
      cause: error,
      data: { operation: op, ...(refused?.queue === undefined ? {} : { queue: refused.queue }) },
    },
  );
}

/** True for failures that mean the server refused the credentials. */
export function isAuthFailure(error: unknown): boolean {
  return error instanceof NatsError && AUTH_CODES.has(error.code);
}

/**
 * The `BUS_CONNECTION` error of a failed connect: which URL, what happened, and how to fix it.
 */
export function connectError(
  servers: readonly string[],
  error: unknown,
  timeoutMs: number,
): BusError {
  const url = servers.join(", ");
  const detail = error instanceof Error ? error.message : String(error);
  const code = error instanceof NatsError ? error.code : "";
  let fix: string;
  if (isAuthFailure(error)) {
    fix = `the server refused the credentials (${detail}); check user/pass, token, nkeySeed or creds for this server`;
  } else if (code === NATS.connectionTimeout || code === NATS.timeout) {
    fix = `no answer within ${timeoutMs} ms; check the host and port, and that nothing between here and the server drops the connection (raise timeoutMs for a slow link)`;
  } else if (code === NATS.tls || /tls|certificate|ssl/i.test(detail)) {
    fix = `the TLS handshake failed (${detail}); check tls.caFile/certFile/keyFile and that the server speaks TLS`;
  } else {
    const what = code === NATS.refused ? "connection refused" : detail;
    fix = `${what}; is nats-server running there? Start one (\`nats-server -js\`) or pass the right URL (--nats / NATS_URL)`;
  }
  return new BusError(BusErrorCode.BUS_CONNECTION, `Cannot connect to NATS at ${url}: ${fix}.`, {
    cause: error,
    data: { servers: [...servers] },
  });
}

/** A request whose reply cannot come: the connection dropped while it waited. */
export function lostReplyError(server: string | undefined, subject: string): BusError {
  const at = server === undefined ? "" : ` at ${server}`;
  return new BusError(
    BusErrorCode.BUS_CONNECTION,
    `The connection to NATS${at} was lost while waiting for a reply from "${subject}"; the request may or may not have been handled (it is never retried).`,
    { subject },
  );
}

/** An error the server reported asynchronously (a status): a refused permission, or another. */
export function asyncServerError(status: Status): BusError {
  const refused = status.permissionContext;
  if (refused === undefined) {
    const code = typeof status.data === "string" ? status.data : "";
    return new BusError(BusErrorCode.BUS_CONNECTION, `The NATS server reported an error: ${code}.`);
  }
  return new BusError(
    BusErrorCode.BUS_PERMISSION,
    `The NATS server refused this user's ${refused.operation} to "${refused.subject}" (subject permissions); grant it in the server's authorization config.`,
    { subject: refused.subject, data: { operation: refused.operation } },
  );
}
