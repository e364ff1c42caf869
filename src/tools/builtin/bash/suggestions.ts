import type { PermissionRule } from "../../../permission/index.js";
import { commandPrefix, extractCommandPrefixes } from "./prefixes.js";
import { isReadOnlySimpleCommand } from "./read-only.js";
import { wrappedPrograms } from "./rule-subjects.js";
import type { ParsedScript } from "./script.js";

/** How many subcommands (and, separately, inner programs) suggestions are drawn from. */
const MAX_PREFIXES = 5;

/**
 * Allow rules a user could accept for a command (spec §5.1 `generate_suggestions`): one
 * `"{prefix}:*"` rule per command prefix of the first five subcommands; none when no prefix can
 * be named. Departure 7: since rules are matched per subcommand, the programs that run inside
 * others — behind a wrapper (`timeout 60 npm test` → `npm test`), in `sh -c '…'`, by
 * `find -exec` — need rules of their own, so their prefixes follow (at most five more, none for
 * read-only ones), and accepting every suggestion allows the command.
 *
 * @example
 * suggestBashRules(await parseScript("git commit -m 'fix'"));
 * // [{ tool_name: "Bash", rule_content: "git commit:*", behavior: "allow", source: "suggested" }]
 */
export function suggestBashRules(script: ParsedScript, toolName = "Bash"): PermissionRule[] {
  const prefixes = extractCommandPrefixes(script, MAX_PREFIXES);
  if (script.failure === null) {
    for (const prefix of innerPrefixes(script)) {
      if (!prefixes.includes(prefix)) prefixes.push(prefix);
    }
  }
  return prefixes.map((prefix) => ({
    tool_name: toolName,
    rule_content: `${prefix}:*`,
    behavior: "allow",
    source: "suggested",
  }));
}

/** Prefixes of the programs that commands run in turn, in order, deduplicated, at most five. */
function innerPrefixes(script: ParsedScript): string[] {
  const out: string[] = [];
  const add = (prefix: string | null): void => {
    if (prefix !== null && !out.includes(prefix) && out.length < MAX_PREFIXES) out.push(prefix);
  };
  for (const command of script.commands) {
    if (isReadOnlySimpleCommand(command)) continue;
    if (command.depth > 0 || command.origin === "find-exec") add(commandPrefix(command));
    for (const call of wrappedPrograms(command)) if (call !== null) add(commandPrefix(call));
  }
  return out;
}
