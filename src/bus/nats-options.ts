import { z } from "zod";
import { ValidationError, assertKnownOptions, parseOrThrow } from "../errors/index.js";
import type { Codec } from "./codec.js";

const isCodec = (value: unknown): value is Codec =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Codec).name === "string" &&
  typeof (value as Codec).encode === "function" &&
  typeof (value as Codec).decode === "function";

/** Files for a TLS connection (paths; nats.js reads them). `tls: true` requires TLS with the system CAs. */
export const NatsTlsOptionsSchema = z.strictObject({
  /** The CA that signed the server's certificate. */
  caFile: z.string().min(1).optional(),
  /** The client's certificate, for servers that verify clients. */
  certFile: z.string().min(1).optional(),
  /** The client certificate's private key. */
  keyFile: z.string().min(1).optional(),
});

/**
 * How a lost connection is retried: exponential backoff from `initialDelayMs` up to
 * `maxDelayMs`, each wait stretched by a random fraction up to `jitter` (so a fleet of clients
 * does not reconnect in lockstep after a server restart). `maxAttempts` is per server; `-1`
 * (the default) never gives up. `false` turns reconnection off.
 */
export const NatsReconnectOptionsSchema = z.strictObject({
  maxAttempts: z.number().int().min(-1).default(-1),
  initialDelayMs: z.number().int().positive().default(100),
  maxDelayMs: z.number().int().positive().default(5_000),
  jitter: z.number().min(0).max(0.5).default(0.2),
});

/** The options of {@link NatsBus.connect}; unknown keys are refused. */
export const NatsBusOptionsSchema = z.strictObject({
  /** One URL or several (`nats://host:4222`); default `nats://127.0.0.1:4222`. */
  servers: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .default("nats://127.0.0.1:4222"),
  /** The client's name in the server's monitoring pages. */
  name: z.string().min(1).optional(),
  user: z.string().min(1).optional(),
  pass: z.string().optional(),
  token: z.string().min(1).optional(),
  /** An NKey seed (`SU…`), for servers configured with `nkey` users. */
  nkeySeed: z.string().min(1).optional(),
  /** A `.creds` file (JWT and seed), for operator-mode servers. */
  credsFile: z.string().min(1).optional(),
  /** The contents of a `.creds` file. */
  creds: z.string().min(1).optional(),
  tls: z.union([z.literal(true), NatsTlsOptionsSchema]).optional(),
  reconnect: z.union([z.literal(false), NatsReconnectOptionsSchema]).optional(),
  /** Bound on the connection handshake (default 10 s). */
  timeoutMs: z.number().int().positive().default(10_000),
  /** Bound on `close()`'s drain before the connection is closed hard (default 5 s). */
  drainTimeoutMs: z.number().int().positive().default(5_000),
  /** How often the client pings the server to detect a dead connection (default 30 s). */
  pingIntervalMs: z.number().int().positive().default(30_000),
  /** Prefix of reply subjects (default `_INBOX`), for users whose permissions name their own. */
  inboxPrefix: z.string().min(1).optional(),
  /** What payloads are encoded with: `"msgpack"` (default), `"json"`, or a {@link Codec}. */
  codec: z
    .union([
      z.enum(["msgpack", "json"]),
      z.custom<Codec>(isCodec, { error: "Expected a Codec (name, encode, decode)" }),
    ])
    .optional(),
});

/** What a caller writes (defaults optional). */
export type NatsBusOptions = z.input<typeof NatsBusOptionsSchema>;
/** After validation, defaults filled in. */
export type ResolvedNatsBusOptions = z.output<typeof NatsBusOptionsSchema>;
export type NatsReconnectOptions = z.output<typeof NatsReconnectOptionsSchema>;

const KNOWN = new Set(Object.keys(NatsBusOptionsSchema.shape));
const WHAT = "NatsBus options";

/** Validates the options: unknown keys (with the nearest known one) and conflicting credentials. */
export function parseNatsBusOptions(options: unknown): ResolvedNatsBusOptions {
  assertKnownOptions(options, KNOWN, WHAT);
  const parsed = parseOrThrow(NatsBusOptionsSchema, options ?? {}, WHAT);
  const conflict = credentialConflict(parsed);
  if (conflict !== undefined) throw new ValidationError(WHAT, [conflict]);
  return parsed;
}

function credentialConflict(
  o: ResolvedNatsBusOptions,
): { path: string; message: string } | undefined {
  if (o.pass !== undefined && o.user === undefined) {
    return { path: "pass", message: "`pass` needs `user`" };
  }
  if (o.token !== undefined && o.user !== undefined) {
    return { path: "token", message: "Use either `token` or `user`/`pass`, not both" };
  }
  const keys = [o.nkeySeed, o.credsFile, o.creds].filter((v) => v !== undefined);
  if (keys.length > 1) {
    return { path: "nkeySeed", message: "Use only one of `nkeySeed`, `credsFile`, `creds`" };
  }
  return undefined;
}
