/**
 * The strings in a word that may be paths: itself, an `--opt=` or `NAME=` value, the value
 * attached to a short option, `@file`, and what follows a colon (`git show HEAD:.env` reads the
 * file from the repository, `scp host:.ssh/id_rsa .` from another machine; a URL is not split).
 *
 * @example
 * pathCandidates("--output=/home/u/.bashrc"); // ["/home/u/.bashrc"]
 * pathCandidates("HEAD:.env"); // ["HEAD:.env", ".env"]
 */
export function pathCandidates(value: string): string[] {
  if (value === "") return [];
  const candidates = value.startsWith("-") ? [] : [value];
  const eq = value.indexOf("=");
  if (eq >= 0 && eq + 1 < value.length) candidates.push(value.slice(eq + 1));
  // `-i/home/u/.ssh/id_rsa`: a short option with its value attached.
  if (/^-[A-Za-z]./.test(value)) candidates.push(value.slice(2));
  for (const candidate of [...candidates]) {
    // `curl -d @file`, `-F key=@file`.
    if (candidate.startsWith("@") && candidate.length > 1) candidates.push(candidate.slice(1));
  }
  for (const candidate of [...candidates]) {
    // `REV:path`, `:path` (the index), `host:path`, `-F key=@host:path`: the path is the rest.
    const colon = candidate.indexOf(":");
    if (colon >= 0 && colon + 1 < candidate.length && !candidate.includes("://")) {
      candidates.push(candidate.slice(colon + 1));
    }
  }
  return candidates;
}
