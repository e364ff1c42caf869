import { scanOptions } from "./options.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { STDIN_PATHS, standardInput } from "./standard-input.js";
import type { ProgramCall } from "./wrappers.js";

/** Shells whose `-c` argument, or whose standard input, is a script of their own. */
export const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "ash",
  "mksh",
  "yash",
  "posh",
]);

/** A script a command hands to a shell: its text, or the expansion that hides it. */
export type EmbeddedScript =
  | { readonly kind: "script"; readonly source: string }
  | { readonly kind: "dynamic"; readonly dynamic: string };

/**
 * The script `sh -c '…'`, `bash -lc '…'`, `eval …`, `su -c '…'` or `sg group '…'` runs, or the
 * one a shell reads on its standard input (`bash <<'EOF'`, `sh <<< 'cmd'`, `… | sh`,
 * `source /dev/stdin`), so that the checks can look inside it the way they look at the command
 * line (a quoted `rm -rf /` given to `bash -c` is still `rm -rf`). `dynamic` when the script is
 * only known at run time (an expansion, a pipe, an xargs argument or placeholder); `null` when
 * the command runs no inline script (a shell given a script file runs that file).
 */
export function embeddedScript(call: ProgramCall, command: SimpleCommand): EmbeddedScript | null {
  const script = inlineScript(call, command);
  if (script?.kind === "script" && call.placeholder !== null) {
    // `xargs -I{} sh -c '{}'`, `find -exec sh -c 'rm {}' \;`: the script is what arrives.
    if (script.source.includes(call.placeholder))
      return { kind: "dynamic", dynamic: "placeholder" };
  }
  return script;
}

function inlineScript(call: ProgramCall, command: SimpleCommand): EmbeddedScript | null {
  switch (call.base) {
    case "eval": {
      if (call.args.length === 0) return null;
      const dynamic = call.args.find((a) => a.value === null);
      if (dynamic !== undefined) return dynamicOf(dynamic);
      return { kind: "script", source: call.args.map((a) => a.value ?? "").join(" ") };
    }
    case "source":
    case ".": {
      const file = call.args[0];
      if (file === undefined) return null;
      if (file.value === null) return dynamicOf(file);
      return STDIN_PATHS.has(file.value) && file.value !== "-" ? fromStdin(command) : null;
    }
    case "su":
      return suScript(call);
    case "sg":
      return sgScript(call);
    default:
      return SHELLS.has(call.base) ? shellScript(call, command) : null;
  }
}

function shellScript(call: ProgramCall, command: SimpleCommand): EmbeddedScript | null {
  let inline = false;
  let readsStdin = false;
  let i = 0;
  for (; i < call.args.length; i++) {
    const word = call.args[i];
    const value = word?.value ?? null;
    // An expansion is either the script itself or an option that could be `-c`.
    if (value === null || word?.glob === true) return dynamicOf(word);
    if (value === "--" || value === "-") {
      i++;
      break;
    }
    if (value.startsWith("--")) {
      // `bash --version` prints and exits: no script at all.
      if (value === "--version" || value === "--help") return null;
      if (value === "--rcfile" || value === "--init-file") i++;
      continue;
    }
    if (!/^[-+]/.test(value)) break;
    const letters = value.slice(1);
    if (letters.includes("c")) inline = true;
    if (letters.includes("s")) readsStdin = true;
    // -o / -O take an option name.
    if (letters.endsWith("o") || letters.endsWith("O")) i++;
  }
  const operand = call.args[i];
  if (inline) {
    // `xargs sh -c`: the script is the first argument read from standard input.
    if (operand === undefined) return call.stdinArgs ? { kind: "dynamic", dynamic: "xargs" } : null;
    if (operand.value === null) return dynamicOf(operand);
    return { kind: "script", source: operand.value };
  }
  // `xargs sh`: the options, even `-c`, may arrive on standard input.
  if (operand === undefined && call.stdinArgs) return { kind: "dynamic", dynamic: "xargs" };
  if (operand === undefined || readsStdin || STDIN_PATHS.has(operand.value ?? "")) {
    return fromStdin(command);
  }
  return null;
}

/** The script a shell reads on its standard input. */
function fromStdin(command: SimpleCommand): EmbeddedScript | null {
  const input = standardInput(command);
  if (input.kind === "text") return { kind: "script", source: input.text };
  // A script file (`sh < script.sh`) is like `sh script.sh`: it runs a file, unread.
  if (input.kind === "file") return null;
  return { kind: "dynamic", dynamic: input.why };
}

function dynamicOf(word: ShellWord | undefined): EmbeddedScript {
  return { kind: "dynamic", dynamic: word?.dynamic ?? "glob" };
}

function suScript(call: ProgramCall): EmbeddedScript | null {
  const scan = scanOptions(call.args, {
    flags: "lmpfP",
    valued: "cgGsw",
    longFlags: ["login", "preserve-environment", "pty", "fast"],
    longValued: [
      "command",
      "session-command",
      "group",
      "supp-group",
      "shell",
      "whitelist-environment",
    ],
    dashIsOption: true,
  });
  if (scan === null) {
    const dynamic = call.args.find((a) => a.value === null);
    return dynamic === undefined ? null : dynamicOf(dynamic);
  }
  const command = scan.options.find((o) => o.name === "-c" || o.name === "--command");
  return command?.value == null ? null : { kind: "script", source: command.value };
}

/** `sg [-] group [-c] command`: shadow's `sg` hands the command to `/bin/sh -c`. */
function sgScript(call: ProgramCall): EmbeddedScript | null {
  let i = 0;
  if (call.args[i]?.value === "-") i++;
  i++; // the group
  if (call.args[i]?.value === "-c") i++;
  const words = call.args.slice(i);
  if (words.length === 0) return null;
  const dynamic = words.find((a) => a.value === null);
  if (dynamic !== undefined) return dynamicOf(dynamic);
  return { kind: "script", source: words.map((a) => a.value ?? "").join(" ") };
}
