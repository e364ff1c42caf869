import { createHash } from "node:crypto";
import { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";

/** The longest segment an id becomes (well under the 255-byte file-name limit with affixes). */
export const MAX_SEGMENT_LENGTH = 120;

const PLAIN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const SAFE_CHAR = /[A-Za-z0-9._-]/;

/**
 * Turns an id (a session id, a tool call id: hostile input, any string) into one path segment
 * that stays inside its directory: plain ids (`call_1`, a UUID) are kept as they are; any other
 * character is percent-encoded byte by byte (UTF-8), as is a leading dot (so `.`, `..` and hidden
 * names cannot arise), and `%` itself; an encoding longer than {@link MAX_SEGMENT_LENGTH} keeps
 * its start and ends in `~` plus a SHA-256 prefix of the id (`~` is never left plain, so a long
 * form cannot equal a short one). Distinct ids give distinct segments; an empty id is refused.
 *
 * @example
 * pathSegment("call_1");   // "call_1"
 * pathSegment("../x");     // "%2E.%2Fx"
 */
export function pathSegment(id: string, what: string): string {
  if (id === "") {
    throw new WorkspaceError(
      WorkspaceErrorCode.WORKSPACE_INVALID_ID,
      `The ${what} is empty; give a non-empty id.`,
      { data: { what } },
    );
  }
  if (id.length <= MAX_SEGMENT_LENGTH && PLAIN.test(id)) return id;
  let encoded = "";
  for (const char of id) {
    const keep = SAFE_CHAR.test(char) && !(encoded === "" && char === ".");
    encoded += keep ? char : percent(char);
  }
  if (encoded.length <= MAX_SEGMENT_LENGTH) return encoded;
  const digest = createHash("sha256").update(id, "utf8").digest("hex").slice(0, 32);
  let head = encoded.slice(0, MAX_SEGMENT_LENGTH - digest.length - 1);
  // Do not end inside a `%XX` escape (readability only: the digest keeps it unique).
  const cut = head.lastIndexOf("%");
  if (cut !== -1 && cut > head.length - 3) head = head.slice(0, cut);
  return `${head}~${digest}`;
}

function percent(char: string): string {
  const unit = char.charCodeAt(0);
  // A lone surrogate has no UTF-8 form (it would become U+FFFD and collide): keep its code unit.
  if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
    return `%u${unit.toString(16).toUpperCase()}`;
  let out = "";
  for (const byte of Buffer.from(char, "utf8")) {
    out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
