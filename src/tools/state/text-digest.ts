import { createHash, type Hash } from "node:crypto";

/** How a digest names its algorithm, so another one can be introduced without ambiguity. */
const PREFIX = "sha256:";

/**
 * The digest the read cache keeps of a file's text as Read showed it (UTF-8 decoded with
 * replacement, CRLF and CR made LF): `"sha256:"` and the hex SHA-256 of that text's UTF-8 bytes.
 * A legacy entry's `lines` joined are that same text, so old states migrate to the same digest.
 *
 * @example
 * textDigest("a\nb\n"); // "sha256:…"
 */
export function textDigest(text: string): string {
  return new TextHasher().update(text).digest();
}

/** {@link textDigest} of a text that arrives in pieces (a file read in chunks). */
export class TextHasher {
  private readonly hash: Hash = createHash("sha256");

  /** Adds the next piece of the text. */
  update(piece: string): this {
    this.hash.update(piece, "utf8");
    return this;
  }

  /** The digest of every piece added, in order; the hasher is finished afterwards. */
  digest(): string {
    return PREFIX + this.hash.digest("hex");
  }
}
