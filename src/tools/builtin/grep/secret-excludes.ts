/**
 * The ripgrep arguments that keep credential files out of a directory search (departure 8 for
 * Grep): one `--iglob !PATTERN` per entry of the secret-file list (the list `isSecretPath`
 * takes), placed after the call's own globs.
 *
 * Audited against ripgrep's documentation (`rg --help`, 13.x) and behaviour:
 * - `--iglob` is `--glob` matched case-insensitively, like `isSecretPath`; a leading `!`
 *   excludes. An exclusion overrides a whitelist glob of the call (`--glob '*.pem'` then
 *   `--iglob '!*.pem'` searches no `.pem` file), and globs override ignore files and `--hidden`.
 * - Globs use gitignore syntax: a pattern without a slash matches the basename at any depth
 *   (`*.pem`, `.env`); one with a slash would be anchored at the search root, so an entry with a
 *   slash (`.ssh/id_*`) becomes `**\/.ssh/id_*`, which also matches when the search root is
 *   itself inside `.ssh` (ripgrep matches the path as it builds it, root included).
 * - `*`, `?` and `[…]`/`[!…]` mean what they mean to fnmatch; `{…}` (alternation) and `\`
 *   (escape) do not exist in fnmatch, so they are escaped.
 * - Files named on the command line are searched whatever the globs say: a search of one secret
 *   file is not excluded here, it is a safety ASK of Grep's permission check instead.
 *
 * Exemptions (`!*.pub`) have no safe ripgrep form (a whitelist glob would restrict the search to
 * the exempted files), so they are left out: a directory search skips public keys under `.ssh`
 * too, which costs nothing that matters.
 */
export function secretExcludeGlobs(secretFiles: readonly string[]): string[] {
  const argv: string[] = [];
  for (const entry of secretFiles) {
    if (entry.startsWith("!")) continue;
    const parts = entry.split("/").filter((part) => part !== "");
    if (parts.length === 0) continue;
    const glob = parts.map(escapeGlob).join("/");
    argv.push("--iglob", parts.length === 1 ? `!${glob}` : `!**/${glob}`);
  }
  return argv;
}

/** An fnmatch segment as a gitignore glob: the characters only globs give a meaning escaped. */
function escapeGlob(part: string): string {
  return part.replace(/[\\{}]/g, (ch) => `\\${ch}`);
}
