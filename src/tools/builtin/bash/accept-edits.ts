import { type PermissionContext, workingDirectoryRoots } from "../../../permission/index.js";
import { fileOperands, type FileOperand } from "./file-operands.js";
import { redirectPath } from "./file-paths.js";
import { editLandings, type EditTarget } from "./edit-landing.js";
import { isReadOnlySimpleCommand } from "./read-only.js";
import { redirectHolders } from "./redirect-holders.js";
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
 * (`mkdir touch rm rmdir mv cp sed`, typed directly: no wrapper, no assignment) whose arguments
 * are all understood and which has a target, or read-only; and every target — operands, option
 * values such as `cp -t DIR`, redirects — must land inside a working directory, from every
 * directory a `cd` may have led to. "Land" is where the kernel puts the write (see
 * `edit-landing.ts`): symlinks followed (dangling ones too), `..` taken physically, globs
 * judged by what they match. Nothing that cannot be proved is allowed, and:
 *
 * - a working directory, an ancestor of one, or its `.git` is never removed or moved away;
 * - once a `cp` or `mv` may have changed the layout (it moves or copies a directory or a
 *   symlink, or makes links), no later subcommand may write: its paths could lead elsewhere.
 *
 * Returns the name of the first filesystem command, for the decision's message.
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
  const holders = redirectHolders(script);
  const roots = await workingDirectoryRoots(context);
  let first: string | null = null;
  let layoutChanged = false;
  for (const command of script.commands) {
    const name = filesystemCommand(command);
    if (name === null) {
      if (!isReadOnlySimpleCommand(command)) return null;
      continue;
    }
    const read = fileOperands(name, command.args);
    if (read === null || !read.complete || read.operands.length === 0 || layoutChanged) {
      return null;
    }
    const targets: EditTarget[] = read.operands.map((operand) => target(operand, name));
    for (const redirect of command.redirects) {
      if (holders.get(redirect)?.first !== command) continue;
      const path = redirectPath(redirect, command);
      if (path !== null) targets.push({ ...path, inPlace: path.access === "write" });
    }
    const landing = await editLandings(name, read, targets, command, roots, options);
    if (landing === "outside") return null;
    layoutChanged = landing === "layout-changed";
    first ??= name;
  }
  return first;
}

/** The filesystem command `command` runs, typed directly; `null` for any other command. */
function filesystemCommand(command: SimpleCommand): string | null {
  const name = command.name?.value;
  if (
    command.origin !== "command" ||
    command.depth !== 0 ||
    command.assignments.length > 0 ||
    name === undefined ||
    name === null
  ) {
    return null;
  }
  return FILESYSTEM_COMMANDS.has(name) ? name : null;
}

/** An operand as a target; `cp` writes into an existing destination file in place. */
function target(operand: FileOperand, program: string): EditTarget {
  return { ...operand, inPlace: program === "cp" && operand.access === "write" };
}
