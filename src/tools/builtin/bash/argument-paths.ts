import type { FilePath } from "./file-paths.js";
import { FILE_COMMANDS } from "./file-paths.js";
import { pathCandidates } from "./path-candidates.js";
import { isReadOnlySimpleCommand } from "./read-only.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/**
 * The words of a program that may write files other than through its operands, for the
 * sensitive-path check (departure 3): every literal word of a command that is neither read-only
 * nor a file command (whose operands `commandFilePaths` reads exactly), with the values of
 * `--name=value` options, attached short-option values (`-o/home/u/.bashrc`) and `REV:path`
 * forms. Nobody can know which option of an arbitrary program writes (`curl -o`, `wget -O`,
 * `git log --output=`, `sort -o`, a script's own arguments), so each word counts: an allow rule
 * for the program (`curl:*`) never lets it write `~/.bashrc` or into `.git`.
 *
 * Words with an expansion are left to the injection check (reporting them here would make every
 * `npm run "$TASK"` a sensitive path); read-only commands write nothing, and reading a sensitive
 * file is harmless (credentials are departure 8's business).
 *
 * @example
 * argumentPaths(curl_o_bashrc).map((p) => p.path); // ["-o", "~/.bashrc", "https://x"]
 */
export function argumentPaths(command: SimpleCommand): FilePath[] {
  if (command.args.length === 0 || isReadOnlySimpleCommand(command)) return [];
  const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
  if (unwrapped.kind === "program" && FILE_COMMANDS.has(unwrapped.call.base)) return [];
  const paths: FilePath[] = [];
  for (const word of command.args) {
    if (word.value === null) continue;
    for (const candidate of pathCandidates(word.value))
      paths.push(pathOf(candidate, word, command));
  }
  return paths;
}

function pathOf(path: string, word: ShellWord, source: SimpleCommand): FilePath {
  return {
    command: "argument",
    path,
    known: true,
    word,
    source,
    access: "write",
    followFinal: true,
  };
}
