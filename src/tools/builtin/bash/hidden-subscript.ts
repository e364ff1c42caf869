import type { ShellWord } from "./shell-word.js";
import type { Assignment } from "./simple-command.js";
import type { ProgramCall } from "./wrappers.js";

/**
 * Builtins whose arguments name variables. Bash evaluates an array subscript in a name at run
 * time, and that evaluation expands `$(…)`, `` `…` `` and `${…}` inside it, so
 * `unset 'a[$(id)]'` or `read 'a[$(id)]'` runs `id` although the word is quoted.
 */
const NAME_BUILTINS: ReadonlySet<string> = new Set([
  "unset",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "read",
  "mapfile",
  "readarray",
  "getopts",
  "let",
  "wait",
]);

/** A subscript (`[…]`) with something that expands inside it. */
const EXPANDING_SUBSCRIPT = /\[[^\]]*[$`]/;

/**
 * Whether a command hides code in a variable name or value that bash evaluates as an array
 * subscript or arithmetic: a name argument of {@link NAME_BUILTINS}, `printf -v NAME`,
 * `test -v NAME` / `[ -v NAME ]` / `-R NAME`, or any assigned value (an integer variable, or a
 * later `$((x))`, evaluates it: `declare -i n='a[$(id)]'`).
 */
export function hidesSubscript(call: ProgramCall): boolean {
  if (call.assignments.some(assignsSubscript)) return true;
  if (NAME_BUILTINS.has(call.base)) return call.args.some(expands);
  if (call.base === "printf") return expands(printfVariable(call.args));
  if (call.base === "test" || call.base === "[") {
    return call.args.some(
      (arg, i) => (arg.value === "-v" || arg.value === "-R") && expands(call.args[i + 1]),
    );
  }
  return false;
}

/** Whether an assignment's value could run code once evaluated as arithmetic. */
export function assignsSubscript(assignment: Assignment): boolean {
  return expands(assignment.value ?? undefined) || EXPANDING_SUBSCRIPT.test(assignment.name);
}

/** The word naming printf's `-v` variable (`-v NAME` or `-vNAME`), if any. */
function printfVariable(args: readonly ShellWord[]): ShellWord | undefined {
  const first = args[0]?.value;
  if (first === "-v") return args[1];
  if (first?.startsWith("-v") === true && args[0] !== undefined) {
    return { ...args[0], value: first.slice(2) };
  }
  return undefined;
}

function expands(word: ShellWord | undefined): boolean {
  return word?.value != null && EXPANDING_SUBSCRIPT.test(word.value);
}
