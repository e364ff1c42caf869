import type { PermissionRule } from "../../../permission/index.js";
import { extractCommandPrefixes } from "./prefixes.js";
import type { ParsedScript } from "./script.js";

/**
 * Allow rules a user could accept for a command (spec §5.1 `generate_suggestions`): one
 * `"{prefix}:*"` rule per command prefix, at most five; none when no prefix can be named.
 *
 * @example
 * suggestBashRules(await parseScript("git commit -m 'fix'"));
 * // [{ tool_name: "Bash", rule_content: "git commit:*", behavior: "allow", source: "suggested" }]
 */
export function suggestBashRules(script: ParsedScript, toolName = "Bash"): PermissionRule[] {
  return extractCommandPrefixes(script, 5).map((prefix) => ({
    tool_name: toolName,
    rule_content: `${prefix}:*`,
    behavior: "allow",
    source: "suggested",
  }));
}
