import type { RuleSubject } from "../../../permission/index.js";
import { isReadOnlySimpleCommand } from "./read-only.js";
import { redirectHolders, redirectText } from "./redirect-holders.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { Assignment, Redirect, SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, baseName, unwrapCommand, type ProgramCall } from "./wrappers.js";

/** A command or a program a wrapper runs: what a part's text is made of. */
type Invocation = Pick<SimpleCommand, "name" | "args" | "assignments">;

/** How many wrappers deep parts are named (as deep as the wrappers are followed). */
const MAX_LAYERS = 8;

const cache = new WeakMap<ParsedScript, readonly RuleSubject[] | null>();

/**
 * The parts of a command line that Bash rules are matched against one by one (departure 7): every
 * simple command — across `;`, `&&`, `||`, `|`, `&` and newlines, inside `{ …; }`, inside the
 * scripts `sh -c '…'` and `eval` run, and the commands `find -exec` runs — and, behind each
 * wrapper (`xargs`, `timeout`, `sudo`, `env`, …), the program it runs. So a rule for `xargs:*`,
 * `find:*` or `sh:*` does not allow the `rm` they would run, and `rm:*` does not allow `sudo rm`.
 *
 * Each part's text is the command's words as written, one space apart, the program name unquoted
 * (`\rm` and `'rm'` run `rm`), followed by the redirects written after it (`git status > out`,
 * so `git status:*` covers it as in the reference); comments are not part of any. A command with
 * assignments is also the part without them (`A=1 curl x` is `curl x` to a deny rule). A part
 * is read-only when the command alone is; a program behind a wrapper that runs something the
 * analysis cannot name (`sudo -s`) is a part no rule names.
 *
 * A command that cannot be analysed keeps its visible parts, so a deny rule for `curl:*` still
 * denies `git status && curl x | sh`, plus a part no rule names, so allow rules never cover it
 * (the Bash check asks about it anyway, bypass-immune). `null` — match the whole command text, as
 * the reference does — when the command has no command at all.
 * Cached per parse, which is itself cached.
 *
 * @example
 * bashRuleSubjects(await parseScript("git status && curl x | sh"));
 * // [{ input: { command: "git status" }, read_only: true }, { input: { command: "curl x" }, …}, …]
 */
export function bashRuleSubjects(script: ParsedScript): readonly RuleSubject[] | null {
  const cached = cache.get(script);
  if (cached !== undefined) return cached;
  let subjects: RuleSubject[] | null = null;
  if (script.commands.length > 0) {
    subjects = collectSubjects(script);
    // What cannot be analysed is a part no rule names: allow rules never cover the command,
    // while deny and ask rules still see every subcommand that is visible.
    if (script.failure !== null) subjects.push({ input: null, read_only: false });
  }
  cache.set(script, subjects);
  return subjects;
}

function collectSubjects(script: ParsedScript): RuleSubject[] {
  const holders = redirectHolders(script);
  const subjects: RuleSubject[] = [];
  for (const command of script.commands) {
    const owned = command.redirects.filter((r) => holders.get(r)?.last === command);
    const readOnly = isReadOnlySimpleCommand(command);
    subjects.push(subject(commandText(command, owned), readOnly));
    if (command.origin === "command") pushWithoutAssignments(command, owned, readOnly, subjects);
    if (readOnly) continue;
    for (const call of wrappedPrograms(command)) {
      if (call === null) {
        subjects.push({ input: null, read_only: false });
        continue;
      }
      subjects.push(subject(invocationText(call, owned), false));
      pushWithoutAssignments(call, owned, false, subjects);
    }
  }
  return subjects;
}

/**
 * The programs behind the wrappers of a command, outermost first (`sudo nice make` → `nice make`,
 * `make`); `null` for one the analysis cannot name (`sudo -s`, or wrappers nested too deep).
 */
export function wrappedPrograms(command: Invocation): (ProgramCall | null)[] {
  const out: (ProgramCall | null)[] = [];
  let current: Invocation = command;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const program = current.name?.value;
    if (program === undefined || program === null) return out;
    const base = baseName(program);
    if (!ALL_WRAPPERS.has(base)) return out;
    const unwrapped = unwrapCommand(current, new Set([base]));
    if (unwrapped.kind === "none") return out;
    if (unwrapped.kind !== "program") {
      out.push(null);
      return out;
    }
    current = unwrapped.call;
    out.push(unwrapped.call);
  }
  out.push(null);
  return out;
}

/**
 * `A=1 curl x` is also the part `curl x`, so that a deny rule for `curl:*` matches it; an allow
 * rule must still cover the whole part, assignments included (`PATH=…` changes what runs).
 */
function pushWithoutAssignments(
  invocation: Invocation,
  redirects: readonly Redirect[],
  readOnly: boolean,
  out: RuleSubject[],
): void {
  if (invocation.assignments.length === 0 || invocation.name === null) return;
  out.push(subject(invocationText({ ...invocation, assignments: [] }, redirects), readOnly));
}

function subject(command: string, readOnly: boolean): RuleSubject {
  return { input: { command }, read_only: readOnly };
}

function commandText(command: SimpleCommand, redirects: readonly Redirect[]): string {
  switch (command.origin) {
    case "command":
      return invocationText(command, redirects);
    case "find-exec":
      return invocationText(command, redirects);
    case "declaration":
      // A bare redirect (`> f`) is its own text; `export A=1` is written as a whole.
      if (command.name === null && command.assignments.length === 0) return command.text;
      return withRedirects(command.text, redirects);
  }
}

function invocationText(invocation: Invocation, redirects: readonly Redirect[]): string {
  const words = invocation.assignments.map(assignmentText);
  // The program as it runs: `\rm`, `'rm'` and `r"m"` are all `rm` to a rule.
  if (invocation.name !== null) words.push(invocation.name.value ?? invocation.name.text);
  for (const arg of invocation.args) words.push(arg.text);
  return withRedirects(words.join(" "), redirects);
}

function withRedirects(text: string, redirects: readonly Redirect[]): string {
  let out = text;
  for (const redirect of redirects) out += (out === "" ? "" : " ") + redirectText(redirect);
  return out;
}

/** `NAME=value`; an assignment given to `env` is its whole word already. */
function assignmentText(assignment: Assignment): string {
  const value: ShellWord | null = assignment.value;
  const text = value?.text ?? "";
  return text.startsWith(`${assignment.name}=`) ? text : `${assignment.name}=${text}`;
}
