import type { ParsedScript } from "./script.js";

/**
 * The simple commands of a command line, as text (spec §5.1 `split_compound_command`): every
 * `command` node, through `;`, `&&`, `||`, `|`, `|&`, `&` and newlines alike. A command line
 * without any (only assignments, say) is its own single subcommand.
 *
 * @example
 * splitCompoundCommand(await parseScript("git add . && git commit -m 'fix' || echo failed"));
 * // ["git add .", "git commit -m 'fix'", "echo failed"]
 */
export function splitCompoundCommand(script: ParsedScript): string[] {
  const texts = script.commands
    .filter((c) => c.origin === "command" && c.depth === 0)
    .map((c) => c.text);
  return texts.length > 0 ? texts : [script.source];
}
