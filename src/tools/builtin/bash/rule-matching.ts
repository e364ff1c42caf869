/**
 * Whether a Bash rule's content covers a command (spec §5.1 `match_rule`, reproduced exactly):
 *
 * - `null` covers everything;
 * - `X:*` covers `X` and anything starting with `X ` (`git:*` covers `git push`, not `github`);
 * - without an unescaped `*`, a substring test after unescaping `\\` and `\*`;
 * - otherwise a whole-command wildcard match where `*` is any run of characters except a newline,
 *   and a trailing ` *` is optional (`git *` covers `git`); `\*` is a literal star.
 *
 * This matches one text; the permission engine gives it each subcommand of a command line
 * (departure 7, `Bash.ruleSubjects`), so `*` never spans `;`, `&&`, `||`, `|`, `&` or a
 * newline and `ls:*` does not cover `ls && rm x`. Safety checks that must hold whatever the
 * rules say are bypass-immune ASKs in `checkPermissions`, not rule semantics.
 *
 * @example
 * matchBashRule("git * push", "git origin push"); // true
 * matchBashRule("docker * up", "docker ps"); // false
 */
export function matchBashRule(ruleContent: string | null, command: string): boolean {
  if (ruleContent === null) return true;
  if (ruleContent.endsWith(":*")) {
    const prefix = ruleContent.slice(0, -2).trim();
    return command.startsWith(prefix + " ") || command === prefix;
  }
  if (!hasUnescapedStar(ruleContent)) {
    return command.includes(unescape(ruleContent));
  }
  const regex = wildcardRegex(ruleContent);
  if (regex.endsWith(".*")) {
    const base = compile(regex.slice(0, -2).trimEnd());
    if (base !== null && base.test(command)) return true;
  }
  const full = compile(regex);
  if (full === null) return command.includes(ruleContent.replaceAll("*", ""));
  return full.test(command);
}

function hasUnescapedStar(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === "\\") i++;
    else if (c === "*") return true;
  }
  return false;
}

const BACKSLASH = "\u0000BACKSLASH\u0000";
const STAR = "\u0000STAR\u0000";

/** `\\` → `\` and `\*` → `*`, as Python's chain of `str.replace` calls does it. */
function unescape(pattern: string): string {
  return pattern.replaceAll("\\\\", BACKSLASH).replaceAll("\\*", "*").replaceAll(BACKSLASH, "\\");
}

/** The reference's regex source: literal `\\`/`\*` kept, `.^$+?{}[]|()` escaped, `*` → `.*`. */
function wildcardRegex(pattern: string): string {
  let source = pattern.replaceAll("\\\\", BACKSLASH).replaceAll("\\*", STAR);
  for (const char of ".^$+?{}[]|()") source = source.replaceAll(char, "\\" + char);
  return source.replaceAll("*", ".*").replaceAll(STAR, "\\*").replaceAll(BACKSLASH, "\\\\");
}

/** A whole-string regex, or `null` when the source is not a valid one. */
function compile(source: string): RegExp | null {
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return null;
  }
}
