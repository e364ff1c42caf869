import { fileOperands, type FileAccess } from "./file-operands.js";
import { redirectHolders } from "./redirect-holders.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { Redirect, SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

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
  /** What the command does to it. */
  readonly access: FileAccess;
  /** Whether a symlink in its last component is followed (see `FileOperand`). */
  readonly followFinal: boolean;
}

/**
 * The file paths of a command line (spec §5.1 `extract_file_paths`): each operand of a file
 * command (with the option values that are paths: `cp -t DIR`, `touch -r FILE`) and each
 * redirect target, in command order — a command's operands, then the redirects written after it
 * (`echo a > f1 && echo b > f2` gives `f1, f2`; a redirect around a group, `{ a; b; } > out`,
 * comes after the group). Departure 3: quoted and concatenated operands are paths too
 * (`rm "a b"`), and an operand with an expansion is returned as written with `known: false`.
 * Unquoted numbers are not paths (the mode in `chmod 755 f`), as in the reference; sed's script
 * is not a path. `morePaths` adds a command's other paths after its operands (the permission check
 * passes `argumentPaths`).
 *
 * @example
 * extractFilePaths(await parseScript("echo 'a' >> ~/.bashrc")).map((p) => [p.command, p.path]);
 * // [["redirect", "~/.bashrc"]]
 */
export function extractFilePaths(
  script: ParsedScript,
  morePaths?: (command: SimpleCommand) => readonly FilePath[],
): FilePath[] {
  const paths: FilePath[] = [];
  const holders = redirectHolders(script);
  for (const command of script.commands) {
    for (const path of commandFilePaths(command)) paths.push(path);
    if (morePaths !== undefined) for (const path of morePaths(command)) paths.push(path);
    for (const redirect of command.redirects) {
      const held = holders.get(redirect);
      // Written after the last command it applies to, opened where the first one runs.
      if (held === undefined || held.last !== command) continue;
      const path = redirectPath(redirect, held.first);
      if (path !== null) paths.push(path);
    }
  }
  return paths;
}

/** The operands of one command that are paths, when it runs a file command (behind wrappers too). */
export function commandFilePaths(command: SimpleCommand): FilePath[] {
  const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
  if (unwrapped.kind !== "program" || !FILE_COMMANDS.has(unwrapped.call.base)) return [];
  const base = unwrapped.call.base;
  const read = fileOperands(base, unwrapped.call.args);
  if (read === null) return [];
  const out: FilePath[] = [];
  for (const operand of read.operands) {
    const word = operand.word;
    if (word.nodeType === "number") continue;
    // `find -exec rm {} +`: the placeholder stands for the files find finds.
    if (command.origin === "find-exec" && word.value !== null && word.value.includes("{}")) {
      continue;
    }
    out.push(filePath(base, word, command, operand.access, operand.followFinal));
  }
  return out;
}

/** The file a redirect opens, as a path of `source`, or `null` (here-documents, `2>&1`, `>&-`). */
export function redirectPath(redirect: Redirect, source: SimpleCommand): FilePath | null {
  const target = redirectTarget(redirect);
  if (target === null) return null;
  const writes = redirect.operator.includes(">");
  return filePath("redirect", target, source, writes ? "write" : "read", true);
}

/** The file a redirect opens, or `null` (here-documents, `2>&1`, `>&-`). */
export function redirectTarget(redirect: Redirect): ShellWord | null {
  if (redirect.kind !== "file" || redirect.target === null) return null;
  const value = redirect.target.value;
  const duplicates = redirect.operator === ">&" || redirect.operator === "<&";
  if (duplicates && value !== null && /^(?:\d+|-)$/.test(value)) return null;
  return redirect.target;
}

function filePath(
  command: string,
  word: ShellWord,
  source: SimpleCommand,
  access: FileAccess,
  followFinal: boolean,
): FilePath {
  const known = word.value !== null;
  return { command, path: word.value ?? word.text, known, word, source, access, followFinal };
}
