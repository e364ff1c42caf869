import { BusError, BusErrorCode } from "./bus-error.js";

// The rules of nats.js's KV (jetstream/kv.ts), so a name that works in-process works on NATS.
const BUCKET = /^[-\w]+$/;
const KEY = /^[-/=.\w]+$/;

/** Checks a key-value bucket name (`[A-Za-z0-9_-]+`); throws `INVALID_SUBJECT` otherwise. */
export function assertBucketName(bucket: string): void {
  if (!BUCKET.test(bucket)) {
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid key-value bucket name "${bucket}": use letters, digits, "_" and "-" only.`,
      { data: { bucket } },
    );
  }
}

/**
 * Checks a key-value key as NATS KV does: letters, digits and `-/_=.`, not starting or ending
 * with `.`, and (since a key becomes subject tokens) no empty token. Throws `INVALID_SUBJECT`.
 */
export function assertKeyName(key: string): void {
  if (!KEY.test(key) || key.startsWith(".") || key.endsWith(".") || key.includes("..")) {
    throw new BusError(
      BusErrorCode.INVALID_SUBJECT,
      `Invalid key-value key "${key}": use letters, digits and "-/_=." (not at either end, never "..").`,
      { data: { key } },
    );
  }
}
