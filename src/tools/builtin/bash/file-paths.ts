import { parseSed } from "./sed.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { Redirect, SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/**
 * Commands whose operands are files they change. The reference's list (`rm mv cp chmod chown
 * chgrp touch ln sed mkdir rmdir`) plus other writers, so the dangerous-path check also sees
 * `ls | tee ~/.bashrc` and `truncate -s 0 .env`.
 */
export const FILE_COMMANDS: ReadonlySet<string> = new Set([
  "rm",
  "mv",
  "cp",
  "chmod",
  "chown",
  "chgrp",
  "touch",
  "ln",
  "sed",
  "mkdir",
  "rmdir",
  "tee",
  "truncate",
  "shred",
  "unlink",
  "install",
  "dd",
]);

/** A path a command line reads or writes through a file command or a redirect. */
export interface FilePath {
  /** The file command's name, or `"redirect"`. */
  readonly command: string;
  /** The path after quote removal; the word as written when it has an expansion. */
  readonly path: string;
  /** Whether `path` is the literal path (no expansion). */
  readonly known: boolean;
  readonly word: ShellWord;
  /** The simple command it belongs to (for the directories it may run in). */
  readonly source: SimpleCommand;
}

/**
 * The file paths of a command line (spec §5.1 `extract_file_paths`): each redirect target and
 * each operand of a file command, in source order. Departure 3: quoted and concatenated
 * operands are paths too (`rm "a b"`), and an operand with an expansion is returned as written
 * with `known: false`. Unquoted numbers are not paths (the mode in `chmod 755 f`), as in the
 * reference; sed's script is not a path.
 *
 * @example
 * extractFilePaths(await parseScript("echo 'a' >> ~/.bashrc")).map((p) => [p.command, p.path]);
 * // [["redirect", "~/.bashrc"]]
 */
export function extractFilePaths(script: ParsedScript): FilePath[] {
  const paths: FilePath[] = [];
  const seen = new Set<Redirect>();
  for (const command of script.commands) {
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    if (unwrapped.kind === "program" && FILE_COMMANDS.has(unwrapped.call.base)) {
      for (const word of operands(unwrapped.call, command)) {
        paths.push(filePath(unwrapped.call.base, word, command));
      }
    }
    for (const redirect of command.redirects) {
      // A redirect around a list applies to each of its commands; report it once.
      if (seen.has(redirect)) continue;
      seen.add(redirect);
      const target = redirectTarget(redirect);
      if (target !== null) paths.push(filePath("redirect", target, command));
    }
  }
  return paths;
}

/** The file a redirect opens, or `null` (here-documents, `2>&1`, `>&-`). */
export function redirectTarget(redirect: Redirect): ShellWord | null {
  if (redirect.kind !== "file" || redirect.target === null) return null;
  const value = redirect.target.value;
  const duplicates = redirect.operator === ">&" || redirect.operator === "<&";
  if (duplicates && value !== null && /^(?:\d+|-)$/.test(value)) return null;
  return redirect.target;
}

function filePath(command: string, word: ShellWord, source: SimpleCommand): FilePath {
  const known = word.value !== null;
  return { command, path: word.value ?? word.text, known, word, source };
}

/** The operands of a file command that name files. */
function operands(call: ProgramCall, command: SimpleCommand): ShellWord[] {
  if (call.base === "sed") return [...parseSed(call.args).files];
  if (call.base === "dd") return ddOperands(call.args);
  const out: ShellWord[] = [];
  let afterDashDash = false;
  for (const word of call.args) {
    const value = word.value;
    if (value !== null && !afterDashDash) {
      if (value === "--") {
        afterDashDash = true;
        continue;
      }
      if (value.startsWith("-") && value !== "-") {
        const target = /^--target-directory=(.*)$/s.exec(value);
        if (target !== null) out.push({ ...word, value: target[1] ?? "" });
        continue;
      }
    }
    if (word.nodeType === "number") continue;
    // `find -exec rm {} +`: the placeholder stands for the files find finds.
    if (command.origin === "find-exec" && value !== null && value.includes("{}")) continue;
    out.push(word);
  }
  return out;
}

/** `dd if=… of=…`: the files are the values of `if` and `of`. */
function ddOperands(args: readonly ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (const word of args) {
    const text = word.value ?? word.text;
    const match = /^(?:if|of)=(.*)$/s.exec(text);
    if (match === null) continue;
    out.push(word.value === null ? word : { ...word, value: match[1] ?? "" });
  }
  return out;
}
