import { createHash } from "node:crypto";
import { ValidationError } from "../../errors/index.js";

/** Longer encodings are replaced by a digest, so a token fits a file name and a KV key. */
const MAX_TOKEN_LENGTH = 160;

/**
 * One id (user, agent or session) as a token made only of `A-Z a-z 0-9 _ -` and `=`: the other
 * characters become `=XX` (or `=uXXXX` past U+00FF). The token is a safe file name (never `.`, `..`, a
 * slash or a NUL) and a NATS KV key token (no `.`, no wildcard). An encoding longer than 160
 * characters becomes `==` and the SHA-256 of the id: plain encodings never hold `==` (an `=` is
 * itself escaped), so two different ids never share a token. Empty ids are refused.
 */
export function encodeIdToken(id: string, what: string): string {
  if (typeof id !== "string" || id === "") {
    throw new ValidationError(what, [{ path: "", message: "Expected a non-empty string id" }]);
  }
  let out = "";
  // UTF-16 code units, not UTF-8 bytes: a lone surrogate has no UTF-8 form of its own (it would
  // become U+FFFD and collide with it).
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    const hex = unit.toString(16).toUpperCase();
    if (/[A-Za-z0-9_-]/.test(id.charAt(i))) out += id.charAt(i);
    else out += unit < 0x100 ? `=${hex.padStart(2, "0")}` : `=u${hex.padStart(4, "0")}`;
  }
  if (out.length <= MAX_TOKEN_LENGTH) return out;
  return `==${createHash("sha256").update(id, "utf8").digest("hex")}`;
}
