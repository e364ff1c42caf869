import { scanOptions, type OptionSpec } from "./options.js";
import type { Assignment, SimpleCommand } from "./simple-command.js";
import type { ShellWord } from "./shell-word.js";

/**
 * Commands that run another command given in their arguments, and which departure 1 of the spec
 * says are judged by the command they run (read-only detection follows only these).
 */
export const READ_ONLY_WRAPPERS: ReadonlySet<string> = new Set([
  "xargs",
  "env",
  "nice",
  "timeout",
  "sudo",
  "command",
  "builtin",
  "exec",
]);

/** Every wrapper the safety checks look through (more only ever means more questions). */
export const ALL_WRAPPERS: ReadonlySet<string> = new Set([
  ...READ_ONLY_WRAPPERS,
  "nohup",
  "time",
  "doas",
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
}

/**
 * What a command runs: a program; `none` for a wrapper that runs nothing (`env` alone prints the
 * environment, `command -v ls` describes); `unknown` when it runs something we cannot name
 * (`sudo -s`, `env -S …`, an unknown option); `dynamic` when the program's name is an expansion.
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
  command: Pick<SimpleCommand, "name" | "args" | "assignments">,
  follow: ReadonlySet<string> = ALL_WRAPPERS,
): Unwrapped {
  if (command.name === null) return { kind: "none", wrappers: [] };
  let name: ShellWord = command.name;
  let args: readonly ShellWord[] = command.args;
  let assignments: readonly Assignment[] = command.assignments;
  let stdinArgs = false;
  const wrappers: string[] = [];
  for (let depth = 0; ; depth++) {
    const program = name.value;
    if (program === null || name.glob) {
      return { kind: "dynamic", dynamic: name.dynamic ?? "glob", wrappers };
    }
    const base = baseName(program);
    if (!follow.has(base)) {
      const call = { name, program, base, args, assignments, wrappers, stdinArgs };
      return { kind: "program", call };
    }
    if (depth >= MAX_WRAPPERS) return { kind: "unknown", wrappers };
    wrappers.push(base);
    const step = peel(base, args);
    if (step.kind === "unknown") {
      // An option that is an expansion may be anything, even the program to run (`sudo $CMD`).
      const hidden = args.find((a) => a.value === null);
      if (hidden !== undefined)
        return { kind: "dynamic", dynamic: hidden.dynamic ?? "expansion", wrappers };
    }
    if (step.kind !== "inner") return { kind: step.kind, wrappers };
    const inner = args[step.index];
    if (inner === undefined) return { kind: step.ifEmpty, wrappers };
    name = inner;
    args = args.slice(step.index + 1);
    assignments = [...assignments, ...step.assignments];
    stdinArgs ||= base === "xargs";
  }
}

type Step =
  | {
      readonly kind: "inner";
      /** Index of the inner program's name in the wrapper's arguments. */
      readonly index: number;
      readonly assignments: readonly Assignment[];
      /** What the wrapper does without an inner command. */
      readonly ifEmpty: "none" | "unknown";
    }
  | { readonly kind: "none" | "unknown" };

const SPECS: Readonly<Record<string, OptionSpec>> = {
  env: {
    flags: "i0v",
    valued: "uC",
    longFlags: ["ignore-environment", "null", "debug"],
    longValued: ["unset", "chdir"],
    dashIsOption: true,
  },
  nice: { valued: "n", longValued: ["adjustment"] },
  timeout: {
    flags: "v",
    valued: "sk",
    longFlags: ["preserve-status", "foreground", "verbose"],
    longValued: ["signal", "kill-after"],
  },
  sudo: {
    flags: "AbEHkKnPS",
    valued: "CDghpRrTtUu",
    longFlags: [
      "askpass",
      "background",
      "preserve-env",
      "set-home",
      "reset-timestamp",
      "remove-timestamp",
      "non-interactive",
      "preserve-groups",
      "stdin",
    ],
    longValued: [
      "close-from",
      "chdir",
      "group",
      "host",
      "prompt",
      "chroot",
      "role",
      "type",
      "command-timeout",
      "other-user",
      "user",
    ],
  },
  doas: { flags: "n", valued: "u" },
  command: { flags: "pvV" },
  builtin: {},
  exec: { flags: "cl", valued: "a" },
  xargs: {
    flags: "0oprtx",
    valued: "adEILnPs",
    optionalValued: "iel",
    longFlags: ["null", "open-tty", "interactive", "no-run-if-empty", "verbose", "exit"],
    longValued: [
      "arg-file",
      "delimiter",
      "max-args",
      "max-procs",
      "max-chars",
      "max-lines",
      "replace",
      "eof",
      "process-slot-var",
    ],
  },
  nohup: {},
  time: { flags: "p" },
  setsid: { flags: "cfw", longFlags: ["ctty", "fork", "wait"] },
  stdbuf: { valued: "ioe", longValued: ["input", "output", "error"] },
  ionice: { flags: "t", valued: "cn", longValued: ["class", "classdata"] },
};

/** One wrapper's arguments: where its inner command starts. */
function peel(base: string, args: readonly ShellWord[]): Step {
  if (base === "nice") return peelNice(args);
  const spec = SPECS[base];
  if (spec === undefined) return { kind: "unknown" };
  const scan = scanOptions(args, spec);
  if (scan === null) return { kind: "unknown" };
  const names = new Set(scan.options.map((o) => o.name));
  let index = scan.operandIndex;
  switch (base) {
    case "command":
      // `command -v ls` only describes `ls`.
      if (names.has("-v") || names.has("-V")) return { kind: "none" };
      return { kind: "inner", index, assignments: [], ifEmpty: "none" };
    case "env": {
      const assignments: Assignment[] = [];
      for (; index < args.length; index++) {
        const assignment = envAssignment(args[index]);
        if (assignment === undefined) break;
        if (assignment === null) return { kind: "unknown" };
        assignments.push(assignment);
      }
      return { kind: "inner", index, assignments, ifEmpty: "none" };
    }
    case "timeout":
      // The first operand is the duration.
      return { kind: "inner", index: index + 1, assignments: [], ifEmpty: "unknown" };
    case "sudo":
    case "doas":
      return { kind: "inner", index, assignments: [], ifEmpty: "unknown" };
    case "exec":
    case "time":
    case "xargs":
      return { kind: "inner", index, assignments: [], ifEmpty: "none" };
    case "ionice":
      return names.has("-p")
        ? { kind: "none" }
        : { kind: "inner", index, assignments: [], ifEmpty: "none" };
    default:
      return { kind: "inner", index, assignments: [], ifEmpty: "unknown" };
  }
}

/** `nice -5 cmd` and `nice -n 5 cmd`: a negative-looking number is an adjustment. */
function peelNice(args: readonly ShellWord[]): Step {
  const first = args[0]?.value;
  if (first !== undefined && first !== null && /^-\d+$/.test(first)) {
    return { kind: "inner", index: 1, assignments: [], ifEmpty: "none" };
  }
  const scan = scanOptions(args, SPECS["nice"] ?? {});
  if (scan === null) return { kind: "unknown" };
  return { kind: "inner", index: scan.operandIndex, assignments: [], ifEmpty: "none" };
}

/** `NAME=value` in front of env's command; `undefined` when `word` is not an assignment. */
function envAssignment(word: ShellWord | undefined): Assignment | null | undefined {
  if (word === undefined) return undefined;
  const text = word.value;
  if (text === null) {
    // `env "$X" cmd`: could be an assignment or the program; nobody can tell.
    return /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text)
      ? { name: word.text.split("=")[0] ?? "", value: word }
      : null;
  }
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(text);
  if (match === null) return undefined;
  return { name: match[1] ?? "", value: word };
}
