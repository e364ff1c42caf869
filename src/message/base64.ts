import { Buffer } from "node:buffer";

/**
 * Concatenates two base64 strings by their bytes (not their text: `"YQ=="` + `"Yg=="` is
 * `"YWI="`), so chunked binary data streams back together exactly.
 */
export function concatBase64(head: string, tail: string): string {
  if (tail.length === 0) return head;
  if (head.length === 0) return Buffer.from(tail, "base64").toString("base64");
  return Buffer.concat([Buffer.from(head, "base64"), Buffer.from(tail, "base64")]).toString(
    "base64",
  );
}
