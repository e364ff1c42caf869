import { READ_ONLY_PROGRAMS } from "./read-only-programs.js";
import { opensConnection, writesFile } from "./redirects.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { Assignment, Redirect, SimpleCommand } from "./simple-command.js";
import { READ_ONLY_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/**
 * The reference's read-only command list (spec §5.1 READ_ONLY_COMMANDS). actorscope judges
 * these on the parsed arguments (departure 1), so an entry here is a starting point, not a
 * free pass: see {@link isReadOnlyCommand}.
 */
export const READ_ONLY_COMMANDS: readonly string[] = [
  "ls",
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "file",
  "stat",
  "wc",
  "grep",
  "rg",
  "ag",
  "ack",
  "find",
  "tree",
  "pwd",
  "which",
  "whereis",
  "type",
  "git status",
  "git log",
  "git diff",
  "git show",
  "git branch",
  "git tag",
  "git remote",
  "git ls-files",
  "git ls-tree",
  "git cat-file",
  "git rev-parse",
  "git rev-list",
  "git describe",
  "git shortlog",
  "git blame",
  "git grep",
  "git reflog",
  "git config --get",
  "git config --list",
  "docker ps",
  "docker images",
  "docker inspect",
  "docker logs",
  "docker version",
  "docker info",
  "gh repo view",
  "gh issue list",
  "gh pr list",
  "gh status",
  "python --version",
  "python -V",
  "node --version",
  "node -v",
  "npm list",
  "npm ls",
  "pip list",
  "pip show",
];

/**
 * Variables that change how a read-only command formats its output and nothing else. Any other
 * assignment (`PATH=…`, `LD_PRELOAD=…`, `PAGER=…`, `LESSOPEN=…`) can make a command run code.
 */
const HARMLESS_VARIABLES: ReadonlySet<string> = new Set([
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_CTYPE",
  "LC_COLLATE",
  "LC_MESSAGES",
  "LC_NUMERIC",
  "LC_TIME",
  "TZ",
  "TERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "CLICOLOR",
  "CLICOLOR_FORCE",
  "COLUMNS",
  "LINES",
]);

/**
 * Whether a whole command line only reads (spec §5.1 `is_read_only_command`, departure 1): it
 * parses, and every simple command in it — across `;`, `&&`, `||`, pipes, `&` and newlines — is
 * read-only. Empty and blank commands are not.
 *
 * @example
 * isReadOnlyCommand(await parseScript("git diff | grep p")); // true
 * isReadOnlyCommand(await parseScript("ls | tee ~/.bashrc")); // false
 */
export function isReadOnlyCommand(script: ParsedScript): boolean {
  if (script.failure !== null || script.source.trim() === "") return false;
  if (script.commands.length === 0) return false;
  return script.commands.every(isReadOnlySimpleCommand);
}

/**
 * Whether one simple command only reads: no redirect that writes a file (`/dev/null` and
 * descriptor duplication such as `2>&1` are harmless), no variable assignment other than
 * locale and colour settings, no word whose expansion assigns (`$((X=1))`), and a read-only
 * program behind at most the wrappers of departure 1 (`xargs`, `env`, `nice`, `timeout`,
 * `command`, `builtin`, `exec`), judged by the program it runs. `sudo` and the other privilege
 * wrappers are never read-only. Secrets are judged apart (`findSecretReads`).
 */
export function isReadOnlySimpleCommand(command: SimpleCommand): boolean {
  if (command.redirects.some(writesFile)) return false;
  if (command.redirects.some(opensConnection)) return false;
  if (!command.assignments.every(isHarmlessAssignment)) return false;
  if (hasSideEffects(command)) return false;
  const unwrapped = unwrapCommand(command, READ_ONLY_WRAPPERS);
  // A wrapper alone runs nothing (`env` prints the environment, `command -v x` describes x).
  if (unwrapped.kind === "none") return unwrapped.wrappers.length > 0;
  if (unwrapped.kind !== "program") return false;
  return isReadOnlyProgram(unwrapped.call);
}

function isReadOnlyProgram(call: ProgramCall): boolean {
  if (!call.assignments.every(isHarmlessAssignment)) return false;
  // Exact names only: `/tmp/ls` is not `ls`.
  const rule = Object.hasOwn(READ_ONLY_PROGRAMS, call.program)
    ? READ_ONLY_PROGRAMS[call.program]
    : undefined;
  return rule !== undefined && rule(call.args, call.stdinArgs);
}

function isHarmlessAssignment(assignment: Assignment): boolean {
  return HARMLESS_VARIABLES.has(assignment.name) && assignment.value?.sideEffects !== true;
}

/** Whether a word of the command assigns or evaluates variables when it expands. */
function hasSideEffects(command: SimpleCommand): boolean {
  const effect = (word: ShellWord | null): boolean => word?.sideEffects === true;
  return (
    effect(command.name) ||
    command.args.some(effect) ||
    command.redirects.some((r: Redirect) => effect(r.target))
  );
}
