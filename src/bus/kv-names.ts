import { BusError, BusErrorCode } from "./bus-error.js";

// nats.js's rules (jetstream/kv.ts), plus what the server refuses later (`..`, an empty token):
// both transports check with these before any round trip, so a name works on both or on neither.
// `\w` without the `u` flag is ASCII only.
const BUCKET = /^[-\w]+$/;
const KEY = /^[-/=.\w]+$/;

/**
 * Checks a key-value bucket name: letters, digits, `_` and `-`, nothing else. Throws
 * `INVALID_SUBJECT` (a {@link BusError}); both transports call it before opening a bucket.
 */
export function assertBucketName(bucket: string): void {
  if (!BUCKET.test(bucket)) {
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid key-value bucket name "${bucket}": use ASCII letters, digits, "_" and "-" only.`,
      { data: { bucket } },
    );
  }
}

/**
 * Checks a key-value key as NATS KV does: ASCII letters, digits and `-/_=.`, no `.` at either
 * end, and (since a key becomes subject tokens) never `..`. So `%` (what `escapeToken` makes),
 * spaces, wildcards and non-ASCII are refused. Throws `INVALID_SUBJECT` (a {@link BusError});
 * both transports call it before any round trip, with the same message.
 */
export function assertKeyName(key: string, bucket?: string): void {
  if (!KEY.test(key) || key.startsWith(".") || key.endsWith(".") || key.includes("..")) {
    const where = bucket === undefined ? "" : ` (bucket "${bucket}")`;
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid key-value key "${key}"${where}: use ASCII letters, digits and "-/_=." (no "." at either end, never "..").`,
      { data: bucket === undefined ? { key } : { key, bucket } },
    );
  }
}
