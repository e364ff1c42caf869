import { isReadOnlyFind } from "./find.js";
import { isReadOnlyGit } from "./git-read-only.js";
import { clusterHas, isDeniedLongOption } from "./options.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { Redirect, SimpleCommand } from "./simple-command.js";
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

/** How one program's arguments are judged; `stdinArgs` when `xargs` adds unseen arguments. */
type ArgumentRule = (args: readonly ShellWord[], stdinArgs: boolean) => boolean;

/** Programs without any option that writes a file or runs another program. */
const anyArguments: ArgumentRule = () => true;

/**
 * Programs judged on their literal arguments: an expansion, or an argument `xargs` adds, could
 * be the option that writes (`rg $OPTS` with `OPTS=--pre=sh`).
 */
function literal(check: (values: readonly string[]) => boolean): ArgumentRule {
  return (args, stdinArgs) => {
    if (stdinArgs) return false;
    const values: string[] = [];
    for (const arg of args) {
      if (arg.value === null) return false;
      values.push(arg.value);
    }
    return check(values);
  };
}

/** Literal arguments without the given long options (or abbreviations) and short letters. */
function without(longOptions: readonly string[], letters = ""): ArgumentRule {
  return literal((values) =>
    values.every((v) => !isDeniedLongOption(v, longOptions) && !clusterHas(v, letters)),
  );
}

/** Exactly one of the given argument lists. */
function exactly(...forms: readonly (readonly string[])[]): ArgumentRule {
  return literal((values) =>
    forms.some((form) => form.length === values.length && form.every((v, i) => v === values[i])),
  );
}

/** The first arguments name a read-only subcommand; the others are free of `denied`. */
function subcommand(
  forms: readonly (readonly string[])[],
  denied: readonly string[] = [],
): ArgumentRule {
  return literal(
    (values) =>
      forms.some((form) => form.every((v, i) => v === values[i])) &&
      values.every((v) => !denied.includes(v) && !isDeniedLongOption(v, denied)),
  );
}

/**
 * Read-only programs and how their arguments are judged (departure 1 of the spec): options that
 * write a file (`--output`, `-o FILE`, `--log-file`), run a preprocessor or a pager (`--pre`,
 * `--pager`), or compile (`file -C`) make the command not read-only. `tee` is not here: it
 * writes files. `echo` and `printf` are here, and lose the status with any output redirect.
 */
const PROGRAMS: Readonly<Record<string, ArgumentRule>> = {
  ls: anyArguments,
  cat: anyArguments,
  head: anyArguments,
  tail: anyArguments,
  more: anyArguments,
  stat: anyArguments,
  wc: anyArguments,
  grep: anyArguments,
  pwd: anyArguments,
  which: anyArguments,
  whereis: anyArguments,
  type: anyArguments,
  echo: anyArguments,
  printf: anyArguments,
  cd: anyArguments,
  true: anyArguments,
  false: anyArguments,
  less: without(
    ["--log-file", "--LOG-FILE", "--lesskey-file", "--lesskey-src", "--lesskey-content"],
    "oOk",
  ),
  file: without(["--compile"], "C"),
  rg: without(["--pre"]),
  ag: without(["--pager"]),
  ack: without(["--pager", "--output", "--ackrc"]),
  tree: without(["--output"], "o"),
  find: (args, stdinArgs) => !stdinArgs && isReadOnlyFind(args),
  git: literal(isReadOnlyGit),
  docker: subcommand([["ps"], ["images"], ["inspect"], ["logs"], ["version"], ["info"]]),
  gh: subcommand(
    [["repo", "view"], ["issue", "list"], ["pr", "list"], ["status"]],
    ["-w", "--web"],
  ),
  python: exactly(["--version"], ["-V"]),
  node: exactly(["--version"], ["-v"]),
  npm: subcommand([["list"], ["ls"]]),
  pip: subcommand([["list"], ["show"]]),
};

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
 * Whether one simple command only reads: no output redirect (even `2>&1`, as in the reference),
 * no variable assignment other than locale and colour settings, and a read-only program
 * behind at most the wrappers of departure 1 (`xargs`, `env`, `nice`, `timeout`, `sudo`,
 * `command`, `builtin`, `exec`), judged by the program they run.
 */
export function isReadOnlySimpleCommand(command: SimpleCommand): boolean {
  if (command.redirects.some(isOutputRedirect)) return false;
  if (!command.assignments.every(isHarmlessAssignment)) return false;
  const unwrapped = unwrapCommand(command, READ_ONLY_WRAPPERS);
  // A wrapper alone runs nothing (`env` prints the environment, `command -v x` describes x).
  if (unwrapped.kind === "none") return unwrapped.wrappers.length > 0;
  if (unwrapped.kind !== "program") return false;
  return isReadOnlyProgram(unwrapped.call);
}

function isReadOnlyProgram(call: ProgramCall): boolean {
  if (!call.assignments.every(isHarmlessAssignment)) return false;
  // Exact names only: `/tmp/ls` is not `ls`.
  const rule = Object.hasOwn(PROGRAMS, call.program) ? PROGRAMS[call.program] : undefined;
  return rule !== undefined && rule(call.args, call.stdinArgs);
}

function isHarmlessAssignment(assignment: { readonly name: string }): boolean {
  return HARMLESS_VARIABLES.has(assignment.name);
}

/** Any redirect that writes: to a file, a descriptor (`2>&1`) or a device. */
export function isOutputRedirect(redirect: Redirect): boolean {
  return redirect.kind === "file" && redirect.operator.includes(">");
}
