import { dirname, isAbsolute, resolve } from "node:path";
import { expandTilde, possibleDirectories } from "./directories.js";
import { fileOperands } from "./file-operands.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/** Where relative paths and `~` point, for the removal check. */
export interface RemovalCheckOptions {
  /** The directory the command runs in. */
  readonly cwd: string;
  /** The home directory of the machine the command runs on. */
  readonly home: string;
}

/**
 * The first operand of an `rm` / `rmdir` (anywhere in the command line, behind wrappers too)
 * that would remove a critical path, or `null` (spec §5.1 dangerous removal): `*`, `./*`, `/`,
 * anything ending in `/*`, the home directory, the root, or a direct child of the root (`/usr`,
 * `/tmp`); `rmdir -p a/b` removes `a` too. Operands are resolved without following symlinks
 * (`/tmp` may be a symlink and is still a root child), against every directory a preceding `cd`
 * may have led to (logically, and physically after `cd -P`); after a `cd` to an unknown place,
 * a relative operand counts as critical since nobody can say where it points. Operands with
 * expansions are left to the dangerous-path check, which asks about them.
 *
 * @example
 * await findDangerousRemoval(await parseScript("rmdir /usr"), { cwd: "/w", home: "/home/u" }); // "/usr"
 */
export async function findDangerousRemoval(
  script: ParsedScript,
  options: RemovalCheckOptions,
): Promise<string | null> {
  for (const command of script.commands) {
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    if (unwrapped.kind !== "program") continue;
    const base = unwrapped.call.base;
    if (base !== "rm" && base !== "rmdir") continue;
    const operands = fileOperands(base, unwrapped.call.args)?.operands ?? [];
    const removed = operands.filter((o) => o.access === "remove" && o.word.value !== null);
    if (removed.length === 0) continue;
    const directories = await possibleDirectories(command.directories, options.cwd, options.home);
    for (const { word } of removed) {
      if (isDangerousRemoval(word, directories, options.home)) return word.value;
    }
  }
  return null;
}

function isDangerousRemoval(
  word: ShellWord,
  directories: readonly string[] | null,
  home: string,
): boolean {
  const path = word.value ?? "";
  if (path === "*" || path === "./*" || path === "/") return true;
  if (path.endsWith("/*") || word.text.endsWith("\\*")) return true;
  const expanded = expandTilde(path, home);
  if (directories === null && !isAbsolute(expanded)) return true;
  const homeDir = resolve(home);
  for (const directory of directories ?? ["/"]) {
    const absolute = resolve(directory, expanded);
    const parent = dirname(absolute);
    if (absolute === homeDir || parent === absolute || dirname(parent) === parent) return true;
  }
  return false;
}
