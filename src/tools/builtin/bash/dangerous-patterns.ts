import { posix } from "node:path";
import { redirectTarget } from "./file-paths.js";
import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, PRIVILEGE_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/** The reference's dangerous command patterns, in the order they are reported (spec §4). */
export const DANGEROUS_COMMANDS: readonly string[] = [
  "rm -rf",
  "sudo rm",
  "dd",
  "mkfs",
  "fdisk",
  "format",
  "chmod 777",
  "chmod -R 777",
  "chown -R",
  "kill -9",
  "> /dev/",
];

/** Devices a redirect may write to without harm (departure 4: `> /dev/null` is fine). */
const HARMLESS_DEVICES: ReadonlySet<string> = new Set([
  "/dev/null",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/tty",
]);

type Matcher = (call: ProgramCall | null, command: SimpleCommand) => boolean;

/**
 * Each pattern as a test on one parsed command (departure 4): names are whole program names
 * (`npm run format` is not `format`), flags are read in any spelling (`-rf`, `-fr`, `-r -f`,
 * `--recursive --force`), and wrappers are looked through (`sudo rm -rf`, `xargs rm -rf`).
 */
const MATCHERS: Readonly<Record<string, Matcher>> = {
  "rm -rf": (call) =>
    call?.base === "rm" &&
    hasOption(call.args, "rR", ["--recursive"]) &&
    hasOption(call.args, "f", ["--force"]),
  "sudo rm": (call) => call?.base === "rm" && call.wrappers.some((w) => PRIVILEGE_WRAPPERS.has(w)),
  dd: (call) => call?.base === "dd",
  mkfs: (call) => call !== null && (call.base === "mkfs" || call.base.startsWith("mkfs.")),
  fdisk: (call) => call !== null && ["fdisk", "sfdisk", "cfdisk"].includes(call.base),
  format: (call) => call?.base === "format",
  "chmod 777": (call) =>
    call?.base === "chmod" &&
    worldWritableMode(call.args) &&
    !hasOption(call.args, "R", ["--recursive"]),
  "chmod -R 777": (call) =>
    call?.base === "chmod" &&
    worldWritableMode(call.args) &&
    hasOption(call.args, "R", ["--recursive"]),
  "chown -R": (call) => call?.base === "chown" && hasOption(call.args, "R", ["--recursive"]),
  "kill -9": (call) =>
    call !== null && ["kill", "pkill", "killall"].includes(call.base) && sendsSigkill(call.args),
  "> /dev/": (_call, command) => command.redirects.some(writesToDevice),
};

/**
 * The first dangerous pattern (spec §4 DANGEROUS_COMMANDS, in list order) any command of the
 * command line matches, or `null`. Token-aware (departure 4), and applied to every command:
 * across `;`/`&&`/pipes, behind wrappers, inside `sh -c '…'` and `find -exec`.
 *
 * @example
 * checkDangerousCommand(await parseScript("sudo rm -rf /var/log")); // "rm -rf"
 * checkDangerousCommand(await parseScript("npm run format")); // null
 */
export function checkDangerousCommand(script: ParsedScript): string | null {
  const calls = script.commands.map((command) => {
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    return { command, call: unwrapped.kind === "program" ? unwrapped.call : null };
  });
  for (const pattern of DANGEROUS_COMMANDS) {
    const matches = MATCHERS[pattern];
    if (matches !== undefined && calls.some(({ command, call }) => matches(call, command))) {
      return pattern;
    }
  }
  return null;
}

/**
 * Whether the options (before `--`; GNU tools take options after operands too) include one of
 * the short `letters`, in any cluster, or one of the `long` options or an abbreviation of it.
 */
function hasOption(args: readonly ShellWord[], letters: string, long: readonly string[]): boolean {
  for (const arg of args) {
    const value = arg.value;
    if (value === null) continue;
    if (value === "--") return false;
    if (value.startsWith("--")) {
      const name = value.split("=", 1)[0] ?? value;
      if (name.length > 2 && long.some((option) => option.startsWith(name))) return true;
    } else if (value.startsWith("-")) {
      if (Array.from(value.slice(1)).some((c) => letters.includes(c))) return true;
    }
  }
  return false;
}

/** A mode that lets everyone write: `777`, `0777`, `a+rwx`, `ugo=rwx`. */
function worldWritableMode(args: readonly ShellWord[]): boolean {
  return args.some((arg) => {
    const value = arg.value;
    return value !== null && (/^0*777$/.test(value) || /^(?:a|ugo)[+=]rwx$/.test(value));
  });
}

/** `-9`, `-KILL`, `-SIGKILL`, `-s KILL`, `-n 9`, `--signal=SIGKILL` … */
function sendsSigkill(args: readonly ShellWord[]): boolean {
  const isKill = (s: string): boolean => /^(?:9|(?:SIG)?KILL)$/i.test(s);
  for (let i = 0; i < args.length; i++) {
    const value = args[i]?.value;
    if (value === null || value === undefined) continue;
    if (value.startsWith("-") && isKill(value.slice(1))) return true;
    if (value === "-s" || value === "-n" || value === "--signal") {
      const next = args[i + 1]?.value;
      if (next !== null && next !== undefined && isKill(next)) return true;
    }
    const attached = /^(?:-[sn]|--signal=)(.+)$/.exec(value);
    if (attached !== null && isKill(attached[1] ?? "")) return true;
  }
  return false;
}

/** A redirect that writes to a device other than the harmless ones. */
function writesToDevice(redirect: SimpleCommand["redirects"][number]): boolean {
  if (!redirect.operator.includes(">")) return false;
  const target = redirectTarget(redirect)?.value;
  if (target === null || target === undefined) return false;
  const normalized = posix.normalize(target);
  return normalized.startsWith("/dev/") && !HARMLESS_DEVICES.has(normalized);
}
