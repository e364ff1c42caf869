import {
  anyArguments,
  exactly,
  literal,
  options,
  subcommand,
  without,
  type ArgumentRule,
} from "./argument-rules.js";
import { isReadOnlyFind } from "./find.js";
import { isReadOnlyGit } from "./git-read-only.js";
import { isReadOnlyJq } from "./jq.js";
import {
  DATE,
  FILE,
  HOSTNAME,
  NPM_LS,
  PIP_LIST,
  PIP_SHOW,
  RG,
  SORT,
  UNIQ,
} from "./read-only-option-tables.js";

/** `printf -v NAME` assigns instead of printing. */
const printf: ArgumentRule = (args) => !/^-v/.test(args[0]?.value ?? "") && args[0]?.value !== null;

/** `date` prints; `-s` and an operand other than `+FORMAT` set the clock. */
const date = options(DATE, {
  operands: (operands) =>
    operands.length <= 1 && operands.every((o) => o.value?.startsWith("+") === true),
});

/**
 * Read-only programs and how their arguments are judged (departure 1 of the spec), audited
 * against each program's manual and `--help` (GNU coreutils 9, grep 3, findutils 4.9, file 5.44,
 * less 590, ripgrep 13/14, jq 1.6/1.7, procps-ng 4, util-linux 2.38, pip 23, npm 9/10). Programs
 * without any option that writes a file, runs a program or changes the system take any
 * arguments; the others are judged by an allow-list of harmless options (see
 * `read-only-option-tables.ts`) or, where the dangerous options are few and documented, a
 * deny-list. `tee` is not here: it writes files. `echo`/`printf` lose the status with any
 * output redirect (other than `/dev/null`), like every program.
 */
export const READ_ONLY_PROGRAMS: Readonly<Record<string, ArgumentRule>> = {
  // No option writes, runs or changes anything.
  ls: anyArguments,
  cat: anyArguments,
  head: anyArguments,
  tail: anyArguments,
  more: anyArguments,
  stat: anyArguments,
  wc: anyArguments,
  grep: anyArguments,
  egrep: anyArguments,
  fgrep: anyArguments,
  cut: anyArguments,
  nl: anyArguments,
  tr: anyArguments,
  seq: anyArguments,
  column: anyArguments,
  diff: anyArguments,
  cmp: anyArguments,
  comm: anyArguments,
  tac: anyArguments,
  df: anyArguments,
  du: anyArguments,
  uname: anyArguments,
  whoami: anyArguments,
  id: anyArguments,
  groups: anyArguments,
  nproc: anyArguments,
  arch: anyArguments,
  basename: anyArguments,
  dirname: anyArguments,
  realpath: anyArguments,
  readlink: anyArguments,
  md5sum: anyArguments,
  sha1sum: anyArguments,
  sha224sum: anyArguments,
  sha256sum: anyArguments,
  sha384sum: anyArguments,
  sha512sum: anyArguments,
  b2sum: anyArguments,
  cksum: anyArguments,
  ps: anyArguments,
  pwd: anyArguments,
  which: anyArguments,
  whereis: anyArguments,
  type: anyArguments,
  echo: anyArguments,
  cd: anyArguments,
  true: anyArguments,
  false: anyArguments,
  // `-v NAME` only tests whether a variable is set (a subscript in NAME is refused earlier).
  test: anyArguments,
  "[": anyArguments,
  printf,
  // Allow-lists.
  sort: options(SORT),
  // The second operand of uniq is the file it writes.
  uniq: options(UNIQ, { operands: (operands) => operands.length <= 1 }),
  date,
  hostname: options(HOSTNAME, { operands: (operands) => operands.length === 0 }),
  file: options(FILE),
  rg: options(RG),
  jq: isReadOnlyJq,
  // Deny-lists of the documented writing and executing options.
  // less 590: `-o`/`-O` write a log, `-k`/`--lesskey*` load key bindings, `+cmd` runs a command.
  less: without(
    ["--log-file", "--LOG-FILE", "--lesskey-file", "--lesskey-src", "--lesskey-content"],
    "oOk",
    (v) => v.startsWith("+"),
  ),
  ag: without(["--pager"]),
  ack: without(["--pager", "--output", "--ackrc"]),
  // `-R` reruns tree with `-o 00Tree.html` in every directory.
  tree: without(["--output"], "oR"),
  find: (args, stdinArgs) => !stdinArgs && isReadOnlyFind(args),
  git: literal(isReadOnlyGit),
  docker: subcommand(
    [["ps"], ["images"], ["inspect"], ["logs"], ["version"], ["info"]],
    literal(() => true),
  ),
  gh: subcommand(
    [["repo", "view"], ["issue", "list"], ["pr", "list"], ["status"]],
    without(["--web"], "w"),
  ),
  python: exactly(["--version"], ["-V"]),
  python3: exactly(["--version"], ["-V"]),
  node: exactly(["--version"], ["-v"]),
  npm: (args, stdinArgs) =>
    exactly(["--version"], ["-v"])(args, stdinArgs) ||
    subcommand([["list"], ["ls"]], options(NPM_LS))(args, stdinArgs),
  pip: pip(),
  pip3: pip(),
};

function pip(): ArgumentRule {
  return (args, stdinArgs) =>
    exactly(["--version"], ["-V"])(args, stdinArgs) ||
    subcommand([["list"]], options(PIP_LIST))(args, stdinArgs) ||
    subcommand([["show"]], options(PIP_SHOW))(args, stdinArgs);
}
