import { Buffer } from "node:buffer";

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
 * Concatenates two base64 strings by their bytes (not their text: `"YQ=="` + `"Yg=="` is
 * `"YWI="`), so chunked binary data streams back together exactly. Both must be valid base64
 * (see {@link mergeBase64Chunks} for text that may not be).
 */
export function concatBase64(head: string, tail: string): string {
  if (tail.length === 0) return head;
  if (head.length === 0) return Buffer.from(tail, "base64").toString("base64");
  return Buffer.concat([Buffer.from(head, "base64"), Buffer.from(tail, "base64")]).toString(
    "base64",
  );
}

/**
 * Merges two independently encoded base64 chunks by their bytes, so padding in the middle does
 * not corrupt the data. When either side is not valid base64 the texts are concatenated instead
 * (as the reference does for placeholder payloads): decoding would silently drop what is not
 * base64, and nothing may be lost.
 */
export function mergeBase64Chunks(existing: string, incoming: string): string {
  if (!isStrictBase64(existing) || !isStrictBase64(incoming)) return existing + incoming;
  return concatBase64(existing, incoming);
}
