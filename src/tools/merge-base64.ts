import { concatBase64 } from "../message/index.js";

/** Strict base64: the standard alphabet, length a multiple of 4, padding only at the end. */
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether `text` is valid base64 as Python's `b64decode(validate=True)` sees it (so `"abc"`,
 * unpadded, is not).
 */
export function isStrictBase64(text: string): boolean {
  return STRICT_BASE64.test(text);
}

/**
 * Merges two independently encoded base64 chunks by their bytes, so padding in the middle does
 * not corrupt the data. When either side is not valid base64 the texts are concatenated instead,
 * as the reference does for placeholder payloads.
 */
export function mergeBase64Chunks(existing: string, incoming: string): string {
  if (!isStrictBase64(existing) || !isStrictBase64(incoming)) return existing + incoming;
  return concatBase64(existing, incoming);
}
