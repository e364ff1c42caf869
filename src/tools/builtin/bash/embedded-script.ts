import { scanOptions } from "./options.js";
import type { ProgramCall } from "./wrappers.js";

/** Shells whose `-c` argument is a script of its own. */
const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh"]);

/** A script a command hands to a shell: its text, or the expansion that hides it. */
export type EmbeddedScript =
  | { readonly kind: "script"; readonly source: string }
  | { readonly kind: "dynamic"; readonly dynamic: string };

/**
 * The script `sh -c '…'`, `bash -lc '…'`, `eval …` or `su -c '…'` runs, so that the checks can
 * look inside it the way they look at the command line (a quoted `rm -rf /` given to `bash -c`
 * is still `rm -rf`). `null` when the command runs no inline script.
 */
export function embeddedScript(call: ProgramCall): EmbeddedScript | null {
  if (call.base === "eval") {
    if (call.args.length === 0) return null;
    const dynamic = call.args.find((a) => a.value === null);
    if (dynamic !== undefined) return { kind: "dynamic", dynamic: dynamic.dynamic ?? "expansion" };
    return { kind: "script", source: call.args.map((a) => a.value ?? "").join(" ") };
  }
  if (call.base === "su") return suScript(call);
  if (!SHELLS.has(call.base)) return null;
  return shellScript(call);
}

function shellScript(call: ProgramCall): EmbeddedScript | null {
  let inline = false;
  let i = 0;
  for (; i < call.args.length; i++) {
    const word = call.args[i];
    const value = word?.value ?? null;
    // An expansion is either the script itself or an option that could be `-c`.
    if (value === null) return { kind: "dynamic", dynamic: word?.dynamic ?? "expansion" };
    if (value === "--" || value === "-") {
      i++;
      break;
    }
    if (value.startsWith("--")) {
      if (value === "--rcfile" || value === "--init-file") i++;
      continue;
    }
    if (!/^[-+]/.test(value)) break;
    const letters = value.slice(1);
    if (letters.includes("c")) inline = true;
    // -o / -O take an option name.
    if (letters.endsWith("o") || letters.endsWith("O")) i++;
  }
  if (!inline) return null;
  const script = call.args[i];
  if (script === undefined) return null;
  if (script.value === null) return { kind: "dynamic", dynamic: script.dynamic ?? "expansion" };
  return { kind: "script", source: script.value };
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
    return dynamic === undefined
      ? null
      : { kind: "dynamic", dynamic: dynamic.dynamic ?? "expansion" };
  }
  const command = scan.options.find((o) => o.name === "-c" || o.name === "--command");
  return command?.value == null ? null : { kind: "script", source: command.value };
}
