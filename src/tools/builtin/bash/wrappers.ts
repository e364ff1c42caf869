import type { Assignment, SimpleCommand } from "./simple-command.js";
import type { ShellWord } from "./shell-word.js";
import { peelWrapper } from "./wrapper-specs.js";

/**
 * Commands that run another command given in their arguments, and which departure 1 of the spec
 * says are judged by the command they run (read-only detection follows only these).
 */
export const READ_ONLY_WRAPPERS: ReadonlySet<string> = new Set([
  "xargs",
  "env",
  "nice",
  "timeout",
  "command",
  "builtin",
  "exec",
]);

/**
 * Wrappers that run a program with other privileges or in another root (departure 1: never
 * read-only, and they may block on a password). The safety checks look through them
 * (`sudo rm -rf /` is `rm -rf`); read-only detection does not. `su`, `sg`, `runuser`, `newgrp`,
 * `unshare`, `nsenter`, `setpriv`, `capsh` are not here: nothing looks through them, so they are
 * programs that are never read-only (and `su -c`/`sg -c` scripts are read as scripts).
 */
export const PRIVILEGE_WRAPPERS: ReadonlySet<string> = new Set([
  "sudo",
  "doas",
  "pkexec",
  "run0",
  "chroot",
]);

/** Every wrapper the safety checks look through (more only ever means more questions). */
export const ALL_WRAPPERS: ReadonlySet<string> = new Set([
  ...READ_ONLY_WRAPPERS,
  ...PRIVILEGE_WRAPPERS,
  "nohup",
  "time",
  "coproc",
  "setsid",
  "stdbuf",
  "ionice",
]);

/** A program call once the wrappers in front of it are peeled off. */
export interface ProgramCall {
  /** The program's name as written. */
  readonly name: ShellWord;
  /** The name's literal value (`\rm` → `rm`). */
  readonly program: string;
  /** The last path segment of `program` (`/bin/rm` → `rm`). */
  readonly base: string;
  readonly args: readonly ShellWord[];
  /** Variables set for the program, by the command itself or through `env NAME=value`. */
  readonly assignments: readonly Assignment[];
  /** The wrappers it was found behind, outermost first (`["sudo", "xargs"]`). */
  readonly wrappers: readonly string[];
  /** Whether `xargs` appends arguments read from standard input (not known statically). */
  readonly stdinArgs: boolean;
  /**
   * A string replaced at run time wherever it occurs in the words: `{}` for the commands of
   * `find -exec`, the replace string of `xargs -I`; `null` when there is none.
   */
  readonly placeholder: string | null;
}

/**
 * What a command runs: a program; `none` for a wrapper that runs nothing (`env` alone prints the
 * environment, `command -v ls` describes); `unknown` when it runs something we cannot name
 * (`sudo -s`, `env -S …`, an unknown option, `xargs env` whose program arrives on standard
 * input); `dynamic` when the program's name is an expansion, a glob or a placeholder.
 */
export type Unwrapped =
  | { readonly kind: "program"; readonly call: ProgramCall }
  | { readonly kind: "none"; readonly wrappers: readonly string[] }
  | { readonly kind: "unknown"; readonly wrappers: readonly string[] }
  | { readonly kind: "dynamic"; readonly dynamic: string; readonly wrappers: readonly string[] };

/** How deep wrappers may nest before we stop following them (`sudo env nice …`). */
const MAX_WRAPPERS = 8;

/** The last path segment of a program name. */
export function baseName(program: string): string {
  const slash = program.lastIndexOf("/");
  return slash < 0 ? program : program.slice(slash + 1);
}

/**
 * Peels the wrappers in `follow` off a simple command and returns the program it runs. A
 * command without a name (only assignments or redirects) runs nothing.
 */
export function unwrapCommand(
  command: Pick<SimpleCommand, "name" | "args" | "assignments"> &
    Partial<Pick<SimpleCommand, "origin">>,
  follow: ReadonlySet<string> = ALL_WRAPPERS,
): Unwrapped {
  if (command.name === null) return { kind: "none", wrappers: [] };
  let name: ShellWord = command.name;
  let args: readonly ShellWord[] = command.args;
  let assignments: readonly Assignment[] = command.assignments;
  let stdinArgs = false;
  let placeholder = command.origin === "find-exec" ? "{}" : null;
  const wrappers: string[] = [];
  for (let depth = 0; ; depth++) {
    const program = name.value;
    if (program === null || name.glob) {
      return { kind: "dynamic", dynamic: name.dynamic ?? "glob", wrappers };
    }
    if (placeholder !== null && program.includes(placeholder)) {
      // `xargs -I{} {} x`, `find -exec {} \;`: the program is whatever arrives.
      return { kind: "dynamic", dynamic: "placeholder", wrappers };
    }
    const base = baseName(program);
    if (!follow.has(base)) {
      const call = { name, program, base, args, assignments, wrappers, stdinArgs, placeholder };
      return { kind: "program", call };
    }
    if (depth >= MAX_WRAPPERS) return { kind: "unknown", wrappers };
    wrappers.push(base);
    const step = peelWrapper(base, args);
    if (step.kind === "unknown") {
      // An option that is an expansion may be anything, even the program to run (`sudo $CMD`).
      const hidden = args.find((a) => a.value === null || a.glob);
      if (hidden !== undefined)
        return { kind: "dynamic", dynamic: hidden.dynamic ?? "glob", wrappers };
    }
    if (step.kind === "dynamic") return { kind: "dynamic", dynamic: step.dynamic, wrappers };
    if (step.kind !== "inner") return { kind: step.kind, wrappers };
    // A glob before the program (`timeout * x`) may shift which word is the program.
    const shifted = args.slice(0, step.index).find((a) => a.glob);
    if (shifted !== undefined) return { kind: "dynamic", dynamic: "glob", wrappers };
    const inner = args[step.index];
    // Behind xargs, a wrapper without a command runs what arrives on standard input.
    if (inner === undefined && stdinArgs) return { kind: "dynamic", dynamic: "xargs", wrappers };
    if (inner === undefined) return { kind: step.ifEmpty, wrappers };
    name = inner;
    args = args.slice(step.index + 1);
    assignments = [...assignments, ...step.assignments];
    stdinArgs ||= base === "xargs";
    placeholder = step.placeholder ?? placeholder;
  }
}
