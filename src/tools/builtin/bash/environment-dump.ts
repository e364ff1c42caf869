import { jqReadsEnvironment } from "./jq.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/** Builtins that list variables (with their values) when given no names, or with `-p`. */
const VARIABLE_LISTERS: ReadonlySet<string> = new Set([
  "export",
  "declare",
  "typeset",
  "readonly",
  "local",
]);

/**
 * Whether a command prints the environment or the shell's variables, where tokens and keys live
 * (departure 8): `env` / `printenv` (behind any wrapper), `set` alone, `export` / `declare` /
 * `typeset` / `readonly` / `local` without names or with `-p`, `ps e` (BSD `e` shows every
 * process's environment), and a jq filter reading `env` / `$ENV`. Reading
 * `/proc/<pid>/environ` is a secret path (see `findSecretReads`); expanding one credential
 * variable (`echo $GITHUB_TOKEN`) is `secretVariableReads`' business.
 */
export function dumpsEnvironment(command: SimpleCommand): boolean {
  const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
  // `env` with nothing to run prints the environment.
  if (unwrapped.kind === "none") return unwrapped.wrappers.at(-1) === "env";
  if (unwrapped.kind !== "program") return false;
  return callDumpsEnvironment(unwrapped.call);
}

function callDumpsEnvironment(call: ProgramCall): boolean {
  switch (call.base) {
    case "printenv":
      return true;
    case "set":
      return call.args.length === 0;
    case "ps":
      return psShowsEnvironment(call.args);
    case "jq":
      return jqReadsEnvironment(call.args);
    default:
      return VARIABLE_LISTERS.has(call.base) && listsVariables(call);
  }
}

/** `export`, `declare -x`, `declare -p NAME`: prints variables rather than setting them. */
function listsVariables(call: ProgramCall): boolean {
  let named = call.assignments.length > 0;
  for (const arg of call.args) {
    const value = arg.value;
    if (value === null) return true;
    if (/^[-+]/.test(value)) {
      if (value.startsWith("-") && value.includes("p")) return true;
    } else {
      named = true;
    }
  }
  return !named;
}

/** BSD-style option words of procps `ps` that take the next word as their value. */
const PS_VALUED_BSD = "oOpqtUk";

/** Dash options of `ps` that take the next word as their value when it is not attached. */
const PS_VALUED_DASH =
  /^-(?:[CGgoOpqstuU]|-(?:format|pid|ppid|quick-pid|sid|tty|user|User|group|Group|sort|cols|columns|width|rows|lines))$/;

/** Whether `ps` is given the BSD option `e` (show the environment after the command). */
function psShowsEnvironment(args: readonly ShellWord[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const value = args[i]?.value;
    if (value === null || value === undefined) return true;
    if (value.startsWith("-")) {
      if (PS_VALUED_DASH.test(value)) i++;
      continue;
    }
    if (/^\d[\d,]*$/.test(value)) continue; // a pid list
    for (const letter of value) {
      if (letter === "e") return true;
      if (PS_VALUED_BSD.includes(letter)) {
        i++;
        break;
      }
    }
  }
  return false;
}
