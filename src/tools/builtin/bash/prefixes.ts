import type { ParsedScript } from "./script.js";
import type { SimpleCommand } from "./simple-command.js";

/**
 * Commands that need no rule, so they never get a suggestion (spec §5.1 SAFE_COMMANDS). `tee`
 * is listed as in the reference: it is not read-only (departure 1), but a rule for `tee x:*`
 * would be a poor suggestion anyway.
 */
export const SAFE_COMMANDS: ReadonlySet<string> = new Set([
  "echo",
  "cat",
  "ls",
  "pwd",
  "cd",
  "true",
  "false",
  "printf",
  "grep",
  "tee",
]);

/** Variables that may precede a command without hiding what it does (spec §5.1). */
export const SAFE_ENV_VARS: ReadonlySet<string> = new Set([
  "NODE_ENV",
  "PYTHONUNBUFFERED",
  "RUST_LOG",
  "LANG",
  "TERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "DEBUG",
  "VERBOSE",
  "CI",
  "PATH",
  "HOME",
  "USER",
  "SHELL",
  "EDITOR",
  "PAGER",
  "TZ",
  "LC_ALL",
  "LC_CTYPE",
  "COLUMNS",
  "LINES",
  "CLICOLOR",
  "CLICOLOR_FORCE",
]);

/**
 * Two-word command prefixes for rule suggestions (spec §5.1 `extract_command_prefixes`): for
 * each of the first `maxPrefixes` subcommands, the command name and its first argument when that
 * is a plain word (`git commit`, `python -m`), unless the command is a safe one or is preceded by
 * an assignment outside {@link SAFE_ENV_VARS}. Deduplicated, in order.
 *
 * @example
 * extractCommandPrefixes(await parseScript("NODE_ENV=prod npm run build")); // ["npm run"]
 */
export function extractCommandPrefixes(script: ParsedScript, maxPrefixes = 5): string[] {
  const prefixes: string[] = [];
  const subcommands = script.commands.filter((c) => c.origin === "command" && c.depth === 0);
  for (const command of subcommands.slice(0, maxPrefixes)) {
    const prefix = commandPrefix(command);
    if (prefix !== null && !prefixes.includes(prefix)) prefixes.push(prefix);
  }
  return prefixes;
}

/**
 * The two-word prefix of one command or wrapped program (`git commit`), or `null`: none for a
 * safe command, one preceded by an assignment outside {@link SAFE_ENV_VARS}, or one whose first
 * argument is not a plain word.
 */
export function commandPrefix(
  invocation: Pick<SimpleCommand, "name" | "args" | "assignments">,
): string | null {
  if (!invocation.assignments.every((a) => SAFE_ENV_VARS.has(a.name))) return null;
  const name = invocation.name;
  if (name === null || SAFE_COMMANDS.has(name.text.toLowerCase())) return null;
  const first = invocation.args[0];
  if (first?.nodeType !== "word") return null;
  return `${name.text} ${first.text}`;
}
