import { sep } from "node:path";
import { absolutePath } from "./expand-home.js";
import { fnmatch } from "./fnmatch.js";

/**
 * Files that hold credentials (departure 8 of the spec): reading one is a safety ASK, never an
 * auto-allowed read. Each entry is a case-insensitive fnmatch pattern over path segments: an
 * entry without a slash matches the basename (`*.pem`), an entry with one matches the last
 * segments of the path (`.aws/credentials`, `.ssh/id_*`). An entry starting with `!` exempts
 * what it matches from the entries before it (`!*.pub`: public keys are not secrets).
 */
export const DEFAULT_SECRET_FILES: readonly string[] = [
  // SSH and GnuPG private keys.
  ".ssh/id_*",
  ".ssh/*_key",
  ".ssh/identity",
  ".gnupg/*",
  "*.ppk",
  // Key and certificate stores.
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "*.jks",
  "*.keystore",
  // Environment files and tool credentials.
  ".env",
  ".env.*",
  ".envrc",
  ".netrc",
  "_netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".my.cnf",
  ".htpasswd",
  // Cloud and cluster credentials.
  ".aws/credentials",
  ".aws/config",
  ".azure/*",
  ".config/gcloud/*",
  "application_default_credentials.json",
  ".kube/config",
  ".docker/config.json",
  ".config/gh/hosts.yml",
  ".terraformrc",
  "credentials.tfrc.json",
  "!*.pub",
];

/** Options of {@link isSecretPath}. */
export interface SecretPathOptions {
  /** Replaces {@link DEFAULT_SECRET_FILES}; `[]` disables the check. */
  secretFiles?: readonly string[] | undefined;
  /** Base for relative paths (default: the process cwd). */
  cwd?: string | undefined;
}

/**
 * Whether a path names a credential file (departure 8). The path is judged as given (`~`
 * expanded, made absolute, no disk access), like {@link isDangerousPath}; callers that follow
 * symlinks judge the real path too.
 *
 * @example
 * isSecretPath("~/.ssh/id_ed25519"); // true
 * isSecretPath("~/.ssh/id_ed25519.pub"); // false
 * isSecretPath("/repo/.env.production"); // true
 */
export function isSecretPath(path: string, options: SecretPathOptions = {}): boolean {
  const entries = options.secretFiles ?? DEFAULT_SECRET_FILES;
  if (entries.length === 0) return false;
  const segments = absolutePath(path, options.cwd)
    .split(sep)
    .filter((s) => s.length > 0)
    .map((s) => s.toLowerCase());
  let secret = false;
  for (const entry of entries) {
    const exempt = entry.startsWith("!");
    // An exemption only matters once something matched; a match only once nothing did.
    if (exempt !== secret) continue;
    if (matchesEntry(segments, exempt ? entry.slice(1) : entry)) secret = !exempt;
  }
  return secret;
}

function matchesEntry(segments: readonly string[], entry: string): boolean {
  const parts = entry
    .toLowerCase()
    .split("/")
    .filter((s) => s.length > 0);
  if (parts.length === 0 || parts.length > segments.length) return false;
  const offset = segments.length - parts.length;
  // fnmatch's `*` crosses `/`, but each segment is matched alone, so it never does here.
  return parts.every((part, i) => fnmatch(segments[offset + i] ?? "", part));
}
