import { realpath } from "node:fs";
import { promisify } from "node:util";
import { resolve } from "node:path";
import { expandBraces } from "./brace-expansion.js";
import { expandTilde, resolveDirectories } from "./directories.js";
import { pathCandidates } from "./path-candidates.js";
import type { SecretPatterns } from "./secret-patterns.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";

/** Where relative paths and `~` point, and how to list a directory of the command's machine. */
export interface WordContext {
  readonly cwd: string;
  readonly home: string;
  /** Names in a directory, to see what a bare `*` expands to (see `findSecretReads`). */
  readonly listDirectory?: ((path: string) => Promise<readonly string[]>) | undefined;
}

/**
 * Whether one word of a command may make it read a secret (departure 8): as a path from every
 * directory a `cd` may have led to — its text, and the file it really is when it exists (a
 * symlink to `~/.ssh/id_rsa`); as a glob, by what it may expand to; as an expansion, by the
 * text after it.
 */
export async function isSecretWord(
  word: ShellWord,
  command: SimpleCommand,
  patterns: SecretPatterns,
  options: WordContext,
): Promise<boolean> {
  if (word.value !== null) return isSecretText(word.value, word.glob, command, patterns, options);
  // Brace expansion is static: `{.env,x}` reads `.env`. Quotes are dropped, which can only
  // make more words (a quoted brace would have been literal).
  const forms =
    word.dynamic === "brace_expression"
      ? // Too many words: any of them, as a glob.
        (expandBraces(unquoted(word.text)) ?? [unquoted(word.text).replace(/\{[^{}]*\}/g, "*")])
      : [word.text];
  for (const form of forms) {
    if (/[$`]/.test(form) || /^~[^/]/.test(form)) {
      // `"$HOME/.ssh/id_rsa"`, `${D}.pem`, `~root/.ssh/id_rsa`: whatever expands, the tail names the file.
      const tail = literalTail(form);
      if (tail !== null && patterns.tailMayMatch(tail)) return true;
    } else if (await isSecretText(form, /[*?[]/.test(form), command, patterns, options)) {
      return true;
    }
  }
  return false;
}

/** {@link isSecretWord} for a word's known text. */
async function isSecretText(
  value: string,
  glob: boolean,
  command: SimpleCommand,
  patterns: SecretPatterns,
  options: WordContext,
): Promise<boolean> {
  const directories = resolveDirectories(command.directories, options.cwd, options.home) ?? [
    options.cwd,
  ];
  const paths: string[] = [];
  for (const candidate of pathCandidates(value)) {
    const expanded = expandTilde(candidate, options.home);
    for (const directory of directories) paths.push(resolve(directory, expanded));
  }
  if (glob) {
    const verdicts = paths.map((p) => globMayReadSecret(p, patterns, options.listDirectory));
    return (await Promise.all(verdicts)).some(Boolean);
  }
  if (paths.some((p) => patterns.matches(p))) return true;
  const reals = await Promise.all(paths.map(existingRealPath));
  return reals.some((real) => real !== null && patterns.matches(real));
}

/** Text without its quote characters and backslashes (an over-estimate of what is literal). */
function unquoted(text: string): string {
  return text.replace(/["'\\]/g, "");
}

/**
 * The real path of an existing file, or `null`. A path that does not resolve (missing, a
 * dangling link, a directory that cannot be searched) cannot be read either, so only its text
 * counts, and that was judged already.
 */
async function existingRealPath(path: string): Promise<string | null> {
  try {
    return await nativeRealpath(path);
  } catch {
    return null;
  }
}

/** The system's `realpath(3)`: one call, where the JavaScript version walks every segment. */
const nativeRealpath = promisify(realpath.native);

/**
 * Whether a glob may expand to a secret. A last segment of wildcards only (`src/*`, `?*`) can be
 * anything, so it is judged by the directory's real entries when the directory can be listed;
 * every other glob by what it may match (`.en*` may be `.env` whether or not one exists yet).
 */
async function globMayReadSecret(
  absolute: string,
  patterns: SecretPatterns,
  listDirectory: WordContext["listDirectory"],
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

/** The literal text after a word's last expansion, quotes removed; `null` when there is none. */
function literalTail(text: string): string | null {
  const expansion = /\$\{[^}]*\}|\$\([^)]*\)|`[^`]*`|\$[A-Za-z_][A-Za-z0-9_]*|\$./g;
  // `~user` is an expansion too.
  let end = /^~[^/]*/.exec(text)?.[0].length ?? -1;
  for (let match = expansion.exec(text); match !== null; match = expansion.exec(text)) {
    end = match.index + match[0].length;
  }
  if (end < 0) return null;
  const tail = text.slice(end).replace(/["'\\]/g, "");
  return tail === "" ? null : tail;
}
