import { resolve } from "node:path";
import { isSecretPath, realpathLoose } from "../../../permission/index.js";
import { expandTilde, resolveDirectories } from "./directories.js";
import { dumpsEnvironment } from "./environment-dump.js";
import { isReadOnlyFind } from "./find.js";
import { writesFile } from "./redirects.js";
import type { ParsedScript } from "./script.js";
import { SecretPatterns } from "./secret-patterns.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/** The credential-file list and where relative paths and `~` point. */
export interface SecretReadOptions {
  /** Entries as for `isSecretPath` (default list: `DEFAULT_SECRET_FILES`); `[]` disables. */
  readonly secretFiles: readonly string[];
  /** The directory the command runs in. */
  readonly cwd: string;
  /** The home directory of the machine the command runs on. */
  readonly home: string;
  /**
   * The names in a directory of the machine the command runs on, to see what a bare `*` would
   * expand to. Without it (or when a directory cannot be listed) such a glob is judged by what
   * it may match, like any glob: `cat *` may read `server.key`.
   */
  readonly listDirectory?: ((path: string) => Promise<readonly string[]>) | undefined;
}

/**
 * Programs that never open what their operands name, only look at names or metadata. Given a
 * secret path, they print at most its name — unless that name travels on (their output goes
 * into a pipe or a file, where `xargs cat` or `tar -T -` may open it), so the exemption holds
 * only while their output is the tool's own.
 */
const NAMES_ONLY: ReadonlySet<string> = new Set([
  "ls",
  "stat",
  "du",
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
 * `the environment ({command})`.
 *
 * @example
 * await findSecretReads(await parseScript("cat .env | grep KEY"), options); // [".env"]
 */
export async function findSecretReads(
  script: ParsedScript,
  options: SecretReadOptions,
): Promise<string[]> {
  const patterns = SecretPatterns.of(options.secretFiles);
  const found = new Set<string>();
  const seen = new Set<ShellWord>();
  for (const command of script.commands) {
    if (dumpsEnvironment(command)) found.add(`the environment (${command.text})`);
    for (const word of candidateWords(command)) {
      if (seen.has(word)) continue;
      seen.add(word);
      const item = word.value ?? word.text;
      if (found.has(item)) continue;
      if (await isSecretWord(word, command, patterns, options)) found.add(item);
    }
  }
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
  // `find` lists names unless it runs or writes something (`-exec cat {} +`).
  return NAMES_ONLY.has(base) || (base === "find" && isReadOnlyFind(args));
}

async function isSecretWord(
  word: ShellWord,
  command: SimpleCommand,
  patterns: SecretPatterns,
  options: SecretReadOptions,
): Promise<boolean> {
  const directories = resolveDirectories(command.directories, options.cwd, options.home) ?? [
    options.cwd,
  ];
  if (word.value === null) {
    // `"$HOME/.ssh/id_rsa"`, `${D}.pem`: whatever expands, the tail names the file.
    const tail = literalTail(word.text);
    return tail !== null && patterns.tailMayMatch(tail);
  }
  for (const candidate of pathCandidates(word.value)) {
    const expanded = expandTilde(candidate, options.home);
    for (const directory of directories) {
      const absolute = resolve(directory, expanded);
      if (word.glob) {
        if (await globMayReadSecret(absolute, patterns, options.listDirectory)) return true;
        continue;
      }
      if (patterns.matches(absolute)) return true;
      if (isSecretPath(await realpathLoose(absolute), { secretFiles: options.secretFiles })) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Whether a glob may expand to a secret. A last segment of wildcards only (`src/*`, `?*`) can be
 * anything, so it is judged by the directory's real entries when the directory can be listed;
 * every other glob by what it may match (`.en*` may be `.env` whether or not one exists yet).
 */
async function globMayReadSecret(
  absolute: string,
  patterns: SecretPatterns,
  listDirectory: SecretReadOptions["listDirectory"],
): Promise<boolean> {
  const slash = absolute.lastIndexOf("/");
  const parent = absolute.slice(0, slash) || "/";
  const last = absolute.slice(slash + 1);
  if (listDirectory === undefined || !/^[*?]+$/.test(last) || /[*?[]/.test(parent)) {
    return patterns.globMayMatch(absolute);
  }
  // `~/.ssh/*`, `/proc/self/*`: the directory decides, whatever its entries are called.
  if (patterns.matches(parent) || patterns.globMayMatch(absolute, false)) return true;
  let names: readonly string[];
  try {
    names = await listDirectory(parent);
  } catch {
    // Nothing there to list: the glob expands to nothing (it stays the literal `*`).
    return false;
  }
  const width = last.replaceAll("*", "").length;
  return names.some(
    (name) =>
      !name.startsWith(".") &&
      name.length >= width &&
      (last.includes("*") || name.length === width) &&
      patterns.matches(`${parent}/${name}`),
  );
}

/**
 * The strings in a word that may be paths: itself, an `--opt=` or `NAME=` value, the value
 * attached to a short option, `@file`.
 */
function pathCandidates(value: string): string[] {
  if (value === "") return [];
  const candidates = value.startsWith("-") ? [] : [value];
  const eq = value.indexOf("=");
  if (eq >= 0 && eq + 1 < value.length) candidates.push(value.slice(eq + 1));
  // `-i/home/u/.ssh/id_rsa`: a short option with its value attached.
  if (/^-[A-Za-z]./.test(value)) candidates.push(value.slice(2));
  for (const candidate of [...candidates]) {
    // `curl -d @file`, `-F key=@file`.
    if (candidate.startsWith("@") && candidate.length > 1) candidates.push(candidate.slice(1));
  }
  return candidates;
}

/** The literal text after a word's last expansion, quotes removed; `null` when there is none. */
function literalTail(text: string): string | null {
  const expansion = /\$\{[^}]*\}|\$\([^)]*\)|`[^`]*`|\$[A-Za-z_][A-Za-z0-9_]*|\$./g;
  let end = -1;
  for (let match = expansion.exec(text); match !== null; match = expansion.exec(text)) {
    end = match.index + match[0].length;
  }
  if (end < 0) return null;
  const tail = text.slice(end).replace(/["'\\]/g, "");
  return tail === "" ? null : tail;
}
