import type { ParsedScript } from "./script.js";

/**
 * Node types of the reference's injection check (spec §4): a command containing one of them
 * cannot be analysed statically. actorscope goes further (anything the analyser does not
 * understand, a program named by an expansion, a parse error), with the same message.
 */
export const DANGEROUS_NODE_TYPES: readonly string[] = [
  "command_substitution",
  "process_substitution",
  "expansion",
  "subshell",
  "for_statement",
  "while_statement",
  "until_statement",
  "if_statement",
  "case_statement",
  "function_definition",
  "test_command",
];

/**
 * Why a command cannot be analysed statically, or `null` (spec §5.1 `check_injection_risk`):
 * `"Command contains {type} which cannot be statically analyzed"` for the first construct in
 * source order that hides what runs, `"Command parsing failed, cannot verify safety"` when the
 * command does not parse. An empty command has no risk.
 *
 * @example
 * checkInjectionRisk(await parseScript("ls $(rm -rf /)"));
 * // "Command contains command_substitution which cannot be statically analyzed"
 */
export function checkInjectionRisk(script: ParsedScript): string | null {
  return script.failure;
}
