import { scanOptions, type OptionSpec } from "./options.js";
import type { Assignment } from "./simple-command.js";
import type { ShellWord } from "./shell-word.js";

/** What one wrapper's arguments say about the command it runs. */
export type WrapperStep =
  | {
      readonly kind: "inner";
      /** Index of the inner program's name in the wrapper's arguments. */
      readonly index: number;
      readonly assignments: readonly Assignment[];
      /** What the wrapper does without an inner command. */
      readonly ifEmpty: "none" | "unknown";
      /** A string the wrapper replaces in the inner command's words (xargs `-I R`). */
      readonly placeholder: string | null;
    }
  | { readonly kind: "none" | "unknown" }
  /** The command is built from a string at run time (`env -S 'cmd args'`). */
  | { readonly kind: "dynamic"; readonly dynamic: string };

/**
 * The options of each wrapper, from its manual (GNU coreutils `env`, `nice`, `timeout`, `nohup`,
 * `stdbuf`, `chroot`; findutils `xargs`; util-linux `setsid`, `ionice`; sudo, doas, polkit's
 * `pkexec`, systemd's `run0`; bash's `coproc`, which the grammar reads as a command). An option not listed makes the wrapper `unknown`: it may run
 * anything (`sudo -s`, `env -S '…'`).
 */
const SPECS: Readonly<Record<string, OptionSpec>> = {
  env: {
    flags: "i0v",
    valued: "uCS",
    longFlags: ["ignore-environment", "null", "debug"],
    longValued: ["unset", "chdir", "split-string"],
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
  // `-s` runs a shell and `-L` only clears credentials: both are not "run this program".
  doas: { flags: "n", valued: "Cu" },
  pkexec: {
    longFlags: ["disable-internal-agent", "keep-cwd"],
    longValued: ["user"],
  },
  run0: {
    valued: "ugD",
    longFlags: ["no-ask-password", "slice-inherit"],
    longValued: [
      "unit",
      "property",
      "description",
      "slice",
      "user",
      "group",
      "nice",
      "chdir",
      "setenv",
      "background",
      "machine",
      "shell-prompt-prefix",
    ],
  },
  chroot: { longFlags: ["skip-chdir"], longValued: ["groups", "userspec"] },
  command: { flags: "pvV" },
  builtin: {},
  exec: { flags: "cl", valued: "a" },
  xargs: {
    flags: "0oprtx",
    valued: "adEILnPs",
    optionalValued: "iel",
    longFlags: ["null", "open-tty", "interactive", "no-run-if-empty", "verbose", "exit"],
    longValued: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
    longOptional: ["replace", "eof", "max-lines"],
  },
  nohup: {},
  coproc: {},
  time: { flags: "p" },
  setsid: { flags: "cfw", longFlags: ["ctty", "fork", "wait"] },
  stdbuf: { valued: "ioe", longValued: ["input", "output", "error"] },
  ionice: { flags: "t", valued: "cn", longValued: ["class", "classdata"] },
};

/** One wrapper's arguments: where its inner command starts. */
export function peelWrapper(base: string, args: readonly ShellWord[]): WrapperStep {
  if (base === "nice") return peelNice(args);
  const spec = SPECS[base];
  if (spec === undefined) return { kind: "unknown" };
  const scan = scanOptions(args, spec);
  if (scan === null) return { kind: "unknown" };
  const names = new Set(scan.options.map((o) => o.name));
  const index = scan.operandIndex;
  const inner = (
    at: number,
    ifEmpty: "none" | "unknown",
    assignments: readonly Assignment[] = [],
    placeholder: string | null = null,
  ): WrapperStep => ({ kind: "inner", index: at, assignments, ifEmpty, placeholder });
  switch (base) {
    case "command":
      // `command -v ls` only describes `ls`.
      if (names.has("-v") || names.has("-V")) return { kind: "none" };
      return inner(index, "none");
    case "env":
      // `-S 'cmd args'` splits a string into the command: only known when it runs.
      if (names.has("-S") || names.has("--split-string")) {
        return { kind: "dynamic", dynamic: "split_string" };
      }
      return peelEnv(args, index);
    case "timeout":
      // The first operand is the duration.
      return inner(index + 1, "unknown");
    case "chroot":
      // The first operand is the new root; without a command it runs a shell.
      return inner(index + 1, "unknown");
    case "exec":
    case "time":
      return inner(index, "none");
    case "xargs":
      return inner(index, "none", [], xargsPlaceholder(scan.options));
    case "ionice":
      return names.has("-p") ? { kind: "none" } : inner(index, "none");
    default:
      // sudo, doas, pkexec, run0 without a command run a shell; nohup, setsid, stdbuf fail.
      return inner(index, "unknown");
  }
}

/** `env NAME=value … cmd`: the assignments, then the program. */
function peelEnv(args: readonly ShellWord[], from: number): WrapperStep {
  const assignments: Assignment[] = [];
  let index = from;
  for (; index < args.length; index++) {
    const assignment = envAssignment(args[index]);
    if (assignment === undefined) break;
    if (assignment === null) return { kind: "unknown" };
    assignments.push(assignment);
  }
  return { kind: "inner", index, assignments, ifEmpty: "none", placeholder: null };
}

/** The replace string of `xargs -I R`, `-i[R]`, `--replace[=R]` (default `{}`), or `null`. */
function xargsPlaceholder(
  options: readonly { name: string; value: string | null }[],
): string | null {
  let placeholder: string | null = null;
  for (const option of options) {
    if (option.name === "-I") placeholder = option.value;
    else if (option.name === "-i" || option.name === "--replace") {
      placeholder = option.value === null || option.value === "" ? "{}" : option.value;
    }
  }
  return placeholder;
}

/** `nice -5 cmd` and `nice -n 5 cmd`: a negative-looking number is an adjustment. */
function peelNice(args: readonly ShellWord[]): WrapperStep {
  const first = args[0]?.value;
  const step = (index: number): WrapperStep => ({
    kind: "inner",
    index,
    assignments: [],
    ifEmpty: "none",
    placeholder: null,
  });
  if (first !== undefined && first !== null && /^-\d+$/.test(first)) return step(1);
  const scan = scanOptions(args, SPECS["nice"] ?? {});
  return scan === null ? { kind: "unknown" } : step(scan.operandIndex);
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
