import { fnmatch } from "./fnmatch.js";

/**
 * Environment variables that hold credentials by the common naming conventions (departure 8):
 * expanding one in a command is a safety ASK, as dumping the whole environment is. Each entry
 * is a case-insensitive fnmatch pattern over the variable's name; an entry starting with `!`
 * exempts what it matches from the entries before it.
 */
export const DEFAULT_SECRET_VARIABLES: readonly string[] = [
  "*TOKEN*",
  "*SECRET*",
  "*PASSWORD*",
  "*PASSWD*",
  "*PASSPHRASE*",
  "*API_KEY*",
  "*APIKEY*",
  "*ACCESS_KEY*",
  "*PRIVATE_KEY*",
  "*CREDENTIAL*",
  "*_KEY",
  "*_PAT",
  "*_AUTH",
  "*DATABASE_URL*",
  "*_DSN",
  "*CONNECTION_STRING*",
  "*COOKIE*",
  // Where a credential lives, not the credential (`SSH_AUTH_SOCK` does not match anyway).
  "!*_PATH",
  "!*_FILE",
  "!*_DIR",
];

/**
 * Whether a variable's name is a credential's by `patterns` (default
 * {@link DEFAULT_SECRET_VARIABLES}; `[]` disables the check).
 *
 * @example
 * isSecretVariable("OPENAI_API_KEY"); // true
 * isSecretVariable("HOME"); // false
 * isSecretVariable("GITHUB_TOKEN_FILE"); // false
 */
export function isSecretVariable(
  name: string,
  patterns: readonly string[] = DEFAULT_SECRET_VARIABLES,
): boolean {
  const upper = name.toUpperCase();
  let secret = false;
  for (const entry of patterns) {
    const exempt = entry.startsWith("!");
    if (exempt !== secret) continue;
    if (fnmatch(upper, (exempt ? entry.slice(1) : entry).toUpperCase())) secret = !exempt;
  }
  return secret;
}
