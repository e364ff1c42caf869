import { isSecretVariable } from "../../../permission/index.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";

/**
 * The credential variables a command line expands (departure 8), as `$NAME`, in order, without
 * repeats: `echo $OPENAI_API_KEY`, `curl -H "Authorization: Bearer $GITHUB_TOKEN" …`, a
 * here-document body that mentions one. Their values leave the process as surely as `printenv`
 * prints them. A name the command line assigns before using it is its own value, not the
 * environment's. Only `$NAME` needs finding: `${…}` and `$(…)` make a command unanalysable.
 *
 * @example
 * secretVariableReads(await parseScript("echo $AWS_SECRET_ACCESS_KEY"), DEFAULT_SECRET_VARIABLES);
 * // ["$AWS_SECRET_ACCESS_KEY"]
 */
export function secretVariableReads(script: ParsedScript, patterns: readonly string[]): string[] {
  if (patterns.length === 0) return [];
  const found = new Set<string>();
  const assigned = new Set<string>();
  const note = (name: string): void => {
    if (!assigned.has(name) && isSecretVariable(name, patterns)) found.add(`$${name}`);
  };
  for (const command of script.commands) {
    for (const word of wordsOf(command)) {
      if (word.value === null && word.text.includes("$")) wordVariables(word.text, note);
    }
    for (const redirect of command.redirects) {
      if (typeof redirect.expandable === "string") bodyVariables(redirect.expandable, note);
    }
    for (const assignment of command.assignments) assigned.add(assignment.name);
  }
  return [...found];
}

function wordsOf(command: SimpleCommand): ShellWord[] {
  const words: ShellWord[] = [];
  if (command.name !== null) words.push(command.name);
  words.push(...command.args);
  for (const assignment of command.assignments)
    if (assignment.value !== null) words.push(assignment.value);
  for (const redirect of command.redirects)
    if (redirect.target !== null) words.push(redirect.target);
  return words;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** `$NAME` in a word as written: not inside single quotes or `$'…'`, not after a backslash. */
function wordVariables(text: string, note: (name: string) => void): void {
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "\\") {
      i++;
    } else if (c === '"') {
      double = !double;
    } else if (c === "'" && !double) {
      i = closingQuote(text, i + 1, false);
    } else if (c === "$") {
      if (!double && text.charAt(i + 1) === "'") i = closingQuote(text, i + 2, true);
      else i = nameAt(text, i + 1, note);
    }
  }
}

/** `$NAME` in an unquoted here-document body: quotes are plain characters there. */
function bodyVariables(body: string, note: (name: string) => void): void {
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (c === "\\") i++;
    else if (c === "$") i = nameAt(body, i + 1, note);
  }
}

/** Reports the name starting at `start`, if any; returns the index of its last character. */
function nameAt(text: string, start: number, note: (name: string) => void): number {
  NAME.lastIndex = start;
  const match = NAME.exec(text);
  if (match === null) return start - 1;
  note(match[0]);
  return start + match[0].length - 1;
}

/** The index of the quote closing a single-quoted (or `$'…'`, where `\'` escapes) string. */
function closingQuote(text: string, from: number, escapes: boolean): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charAt(i);
    if (escapes && c === "\\") i++;
    else if (c === "'") return i;
  }
  return text.length;
}
