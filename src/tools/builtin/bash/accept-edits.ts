import { isAbsolute, resolve } from "node:path";
import { isInWorkingDirectory, type PermissionContext } from "../../../permission/index.js";
import { expandTilde, resolveDirectories } from "./directories.js";
import { extractFilePaths, type FilePath } from "./file-paths.js";
import { isReadOnlySimpleCommand } from "./read-only.js";
import type { ParsedScript } from "./script.js";
import type { SimpleCommand } from "./simple-command.js";

/** Commands ACCEPT_EDITS may run unasked when all their targets are in a working directory. */
export const FILESYSTEM_COMMANDS: ReadonlySet<string> = new Set([
  "mkdir",
  "touch",
  "rm",
  "rmdir",
  "mv",
  "cp",
  "sed",
]);

/** Where relative paths and `~` point. */
export interface FilesystemEditOptions {
  readonly cwd: string;
  readonly home: string;
}

/**
 * The filesystem command a command line may run unasked in ACCEPT_EDITS and DONT_ASK (spec §5.1
 * step 7 with departure 2), or `null`. Every subcommand must be either a plain filesystem command
 * (`mkdir touch rm rmdir mv cp sed`, typed directly: no wrapper, no assignment) with at least one
 * target, or read-only; and every target — operands and redirects — must be a literal path
 * without `..` inside a working directory, from every directory a `cd` may have led to. Returns
 * the name of the first filesystem command, for the decision's message.
 *
 * @example
 * await filesystemEditCommand(await parseScript("touch /wd/x; npm publish"), ctx, opts); // null
 */
export async function filesystemEditCommand(
  script: ParsedScript,
  context: Pick<PermissionContext, "working_directories">,
  options: FilesystemEditOptions,
): Promise<string | null> {
  if (script.failure !== null || script.commands.length === 0) return null;
  const targets: FilePath[] = [];
  const paths = extractFilePaths(script);
  let first: string | null = null;
  for (const command of script.commands) {
    if (isFilesystemCommand(command)) {
      const own = paths.filter((p) => p.source === command);
      if (own.length === 0) return null;
      targets.push(...own);
      first ??= command.name?.value ?? null;
    } else if (!isReadOnlySimpleCommand(command)) {
      return null;
    }
  }
  if (targets.length === 0) return null;
  for (const target of targets) {
    if (!(await isTargetInWorkingDirectory(target, context, options))) return null;
  }
  return first;
}

function isFilesystemCommand(command: SimpleCommand): boolean {
  const name = command.name?.value;
  return (
    command.origin === "command" &&
    command.depth === 0 &&
    command.assignments.length === 0 &&
    name !== undefined &&
    name !== null &&
    FILESYSTEM_COMMANDS.has(name)
  );
}

async function isTargetInWorkingDirectory(
  target: FilePath,
  context: Pick<PermissionContext, "working_directories">,
  options: FilesystemEditOptions,
): Promise<boolean> {
  if (!target.known) return false;
  // `..` after a symlink leaves the directory the text suggests; never auto-allow it.
  if (target.path.split("/").includes("..")) return false;
  const expanded = expandTilde(target.path, options.home);
  const directories = resolveDirectories(target.source.directories, options.cwd, options.home);
  if (directories === null && !isAbsolute(expanded)) return false;
  for (const directory of directories ?? [options.cwd]) {
    if (!(await isInWorkingDirectory(resolve(directory, expanded), context))) return false;
  }
  return true;
}
