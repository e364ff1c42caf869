import { readFile } from "node:fs/promises";
import {
  connect,
  credsAuthenticator,
  nkeyAuthenticator,
  type ConnectionOptions,
  type NatsConnection,
  type TlsOptions,
} from "nats";
import { BusError, BusErrorCode } from "./bus-error.js";
import { ReconnectBackoff } from "./nats-backoff.js";
import { connectError } from "./nats-errors.js";
import { NatsReconnectOptionsSchema, type ResolvedNatsBusOptions } from "./nats-options.js";

const encoder = new TextEncoder();

/** A live connection and the backoff its reconnects use (reset by the bus on `reconnect`). */
export interface NatsLink {
  readonly nc: NatsConnection;
  readonly backoff: ReconnectBackoff | undefined;
  readonly servers: readonly string[];
}

/** Connects with the bus's options; any failure is `BUS_CONNECTION` naming the URL and the fix. */
export async function openNatsConnection(o: ResolvedNatsBusOptions): Promise<NatsLink> {
  const servers = typeof o.servers === "string" ? [o.servers] : o.servers;
  const reconnect =
    o.reconnect === false ? undefined : NatsReconnectOptionsSchema.parse(o.reconnect ?? {});
  const backoff = reconnect === undefined ? undefined : new ReconnectBackoff(reconnect);
  const options: ConnectionOptions = {
    servers: [...servers],
    timeout: o.timeoutMs,
    pingInterval: o.pingIntervalMs,
    reconnect: reconnect !== undefined,
    ...(reconnect === undefined ? {} : { maxReconnectAttempts: reconnect.maxAttempts }),
    ...(backoff === undefined ? {} : { reconnectDelayHandler: backoff.delay }),
    ...(o.name === undefined ? {} : { name: o.name }),
    ...(o.user === undefined ? {} : { user: o.user }),
    ...(o.pass === undefined ? {} : { pass: o.pass }),
    ...(o.token === undefined ? {} : { token: o.token }),
    ...(o.inboxPrefix === undefined ? {} : { inboxPrefix: o.inboxPrefix }),
    ...(o.tls === undefined ? {} : { tls: tlsOptions(o.tls) }),
  };
  const authenticator = await keyAuthenticator(o, servers);
  if (authenticator !== undefined) options.authenticator = authenticator;
  try {
    const nc = await connect(options);
    return { nc, backoff, servers };
  } catch (error) {
    throw connectError(servers, error, o.timeoutMs);
  }
}

/** TLS required; the files given (nats.js reads them). */
function tlsOptions(tls: NonNullable<ResolvedNatsBusOptions["tls"]>): TlsOptions {
  if (tls === true) return {};
  const out: TlsOptions = {};
  if (tls.caFile !== undefined) out.caFile = tls.caFile;
  if (tls.certFile !== undefined) out.certFile = tls.certFile;
  if (tls.keyFile !== undefined) out.keyFile = tls.keyFile;
  return out;
}

async function keyAuthenticator(
  o: ResolvedNatsBusOptions,
  servers: readonly string[],
): Promise<ConnectionOptions["authenticator"]> {
  if (o.nkeySeed !== undefined) return nkeyAuthenticator(encoder.encode(o.nkeySeed));
  if (o.creds !== undefined) return credsAuthenticator(encoder.encode(o.creds));
  if (o.credsFile === undefined) return undefined;
  try {
    return credsAuthenticator(await readFile(o.credsFile));
  } catch (error) {
    throw new BusError(
      BusErrorCode.BUS_CONNECTION,
      `Cannot connect to NATS at ${servers.join(", ")}: cannot read the creds file "${o.credsFile}" (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
}
