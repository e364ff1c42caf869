import { DEFAULT_SECRET_VARIABLES } from "../../../permission/index.js";
import { dumpsEnvironment } from "./environment-dump.js";
import { isReadOnlyFind } from "./find.js";
import { writesFile } from "./redirects.js";
import type { ParsedScript } from "./script.js";
import { SecretPatterns } from "./secret-patterns.js";
import { secretVariableReads } from "./secret-variables.js";
import { isSecretWord, type WordContext } from "./secret-word.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/** The credential-file list, where relative paths and `~` point, how to list a directory. */
export interface SecretReadOptions extends WordContext {
  /** Entries as for `isSecretPath` (default list: `DEFAULT_SECRET_FILES`); `[]` disables. */
  readonly secretFiles: readonly string[];
  /** Entries as for `isSecretVariable` (default: `DEFAULT_SECRET_VARIABLES`); `[]` disables. */
  readonly secretVariables?: readonly string[] | undefined;
}

/**
 * Programs that never open what their operands name, only look at names or metadata, and have
 * no option that reads a file (`du --files0-from F` quotes F's lines in its errors). Given a
 * secret path, they print at most its name — unless that name travels on (their output goes
 * into a pipe or a file, where `xargs cat` or `tar -T -` may open it), so the exemption holds
 * only while their output is the tool's own.
 */
const NAMES_ONLY: ReadonlySet<string> = new Set([
  "ls",
  "stat",
  "echo",
  "printf",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "test",
  "[",
  "cd",
  "pushd",
  "which",
  "type",
  "whereis",
  // They change or remove what they name without reading it (writes to sensitive files are
  // the dangerous-path check's business).
  "rm",
  "rmdir",
  "unlink",
  "touch",
  "mkdir",
  "chmod",
  "chown",
  "chgrp",
]);

/**
 * What a command line would read that holds credentials (departure 8), as written, in order,
 * without repeats: every word given to any program (arguments, `--opt=value` values, `@file`),
 * assigned values, redirect targets (`< .env`), here-string words and the words of a
 * here-document body, judged as paths from every directory a `cd` may have led to and by their
 * real path (a symlink to `~/.ssh/id_rsa`); globs that may expand to a secret (`cat .en*`,
 * `cat ~/.ssh/*`); a directory that holds secrets (`grep -r x ~/.aws`); an expansion followed by
 * a secret-looking tail (`"$HOME/.ssh/id_rsa"`); `/proc/<pid>/environ`; and commands that print
 * the environment (`env`, `printenv`, `set`, `export -p`, `declare -p`, `ps e`), listed as
 * `the environment ({command})`; and the credential variables it expands (`$GITHUB_TOKEN`, see
 * `secretVariableReads`), after the files.
 *
 * @example
 * await findSecretReads(await parseScript("cat .env | grep KEY"), options); // [".env"]
 */
export async function findSecretReads(
  script: ParsedScript,
  options: SecretReadOptions,
): Promise<string[]> {
  const patterns = SecretPatterns.of(options.secretFiles);
  // Every word is judged at once (each may wait for the file system); the order is kept.
  const verdicts: Promise<string | null>[] = [];
  const seen = new Set<ShellWord>();
  for (const command of script.commands) {
    if (dumpsEnvironment(command))
      verdicts.push(Promise.resolve(`the environment (${command.text})`));
    for (const word of candidateWords(command)) {
      if (seen.has(word)) continue;
      seen.add(word);
      verdicts.push(
        isSecretWord(word, command, patterns, options).then((secret) =>
          secret ? (word.value ?? word.text) : null,
        ),
      );
    }
  }
  const found = new Set<string>();
  for (const item of await Promise.all(verdicts)) if (item !== null) found.add(item);
  for (const name of secretVariableReads(
    script,
    options.secretVariables ?? DEFAULT_SECRET_VARIABLES,
  ))
    found.add(name);
  return [...found];
}

/** The words of a command that may name a file it (or what it runs) reads. */
function candidateWords(command: SimpleCommand): ShellWord[] {
  const words: ShellWord[] = [];
  if (!namesOnly(command)) words.push(...command.args);
  for (const assignment of command.assignments) {
    if (assignment.value !== null) words.push(assignment.value);
  }
  for (const redirect of command.redirects) {
    if (redirect.target !== null) words.push(redirect.target);
    // A here-document is data, but `xargs cat <<EOF` reads the files it names.
    if (redirect.kind === "heredoc" && redirect.text !== null) {
      for (const token of redirect.text.split(/\s+/)) if (token !== "") words.push(bodyWord(token));
    }
  }
  return words;
}

function bodyWord(token: string): ShellWord {
  const glob = /[*?[]/.test(token);
  return {
    text: token,
    value: token,
    nodeType: "word",
    glob,
    quoted: false,
    dynamic: null,
    sideEffects: false,
  };
}

/** Whether the command's program only looks at names, and its output stays with the tool. */
function namesOnly(command: SimpleCommand): boolean {
  if (command.pipedOutput || command.redirects.some(writesFile)) return false;
  const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
  if (unwrapped.kind !== "program") return false;
  const { base, args } = unwrapped.call;
  // `find` lists names unless it runs or writes something (`-exec cat {} +`), or reads names
  // from a file (`-files0-from F`: its errors quote the file's lines).
  if (base === "find") return isReadOnlyFind(args) && !args.some((a) => a.value === "-files0-from");
  return NAMES_ONLY.has(base);
}
