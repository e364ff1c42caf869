import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/** A `sed` invocation split into its parts. */
export interface SedInvocation {
  /**
   * Single-letter flags (`n`, `E`, `i`, …); a long option without a letter of its own appears
   * as `-name` (`-follow-symlinks`, `-file`).
   */
  readonly flags: readonly string[];
  readonly expressions: readonly ShellWord[];
  readonly files: readonly ShellWord[];
  /** Whether every argument was understood (no unknown option, no option in an expansion). */
  readonly complete: boolean;
}

const ALLOWED_FLAGS: ReadonlySet<string> = new Set(["n", "E", "e", "i"]);

/** GNU sed's long options (`sed --help`, GNU sed 4.9) and how they are read. */
const LONG_OPTIONS: Readonly<Record<string, "flag" | "optional" | "required">> = {
  quiet: "flag",
  silent: "flag",
  debug: "flag",
  expression: "required",
  file: "required",
  "follow-symlinks": "flag",
  "in-place": "optional",
  "line-length": "required",
  "null-data": "flag",
  "zero-terminated": "flag",
  posix: "flag",
  "regexp-extended": "flag",
  sandbox: "flag",
  separate: "flag",
  unbuffered: "flag",
  binary: "flag",
  help: "flag",
  version: "flag",
};

/** Long options with a single-letter meaning the constraints know. */
const LONG_LETTERS: Readonly<Record<string, string>> = {
  quiet: "n",
  silent: "n",
  "regexp-extended": "E",
  "in-place": "i",
};

/** GNU sed's short options that take a value: `-e SCRIPT`, `-f FILE`, `-l N`. */
const VALUED_LETTERS = "efl";

/**
 * Reads sed's arguments as GNU sed does (stricter than the reference, whose guess about a backup
 * suffix after `-i` let the script pass for one): options anywhere before `--`; `-i` takes its
 * backup suffix only attached (`-i.bak`, `--in-place=.bak`), so the next word is the script or
 * a file; `-e X`, `-eX`, `--expression[=]X` give expressions, `-f`/`-l` consume their value;
 * long options may be abbreviated; without expressions the first operand is the script and the
 * rest are files. Unknown long options are flags that are not allowed (`--file=script`).
 */
export function parseSed(args: readonly ShellWord[]): SedInvocation {
  const flags: string[] = [];
  const expressions: ShellWord[] = [];
  const operands: ShellWord[] = [];
  let complete = true;
  let afterDashDash = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) break;
    const arg = word.value;
    if (afterDashDash || (arg !== null && (!arg.startsWith("-") || arg === "-"))) {
      operands.push(word);
      continue;
    }
    if (arg === null) {
      complete = false;
      operands.push(word);
      continue;
    }
    if (arg === "--") {
      afterDashDash = true;
      continue;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const given = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const name = resolveLong(given);
      if (name === null) {
        complete = false;
        flags.push(`-${given}`);
        continue;
      }
      const kind = LONG_OPTIONS[name];
      const attached = eq < 0 ? undefined : { ...word, value: arg.slice(eq + 1) };
      const value = kind === "required" && attached === undefined ? args[++i] : attached;
      if (name === "expression") {
        if (value !== undefined) expressions.push(value);
        else complete = false;
      } else {
        flags.push(LONG_LETTERS[name] ?? `-${name}`);
      }
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg.charAt(j);
      if (letter === "i") {
        flags.push("i"); // the rest of the word, if any, is the backup suffix
        break;
      }
      if (!VALUED_LETTERS.includes(letter)) {
        flags.push(letter);
        continue;
      }
      const rest = arg.slice(j + 1);
      const value = rest === "" ? args[++i] : { ...word, value: rest };
      if (value === undefined) complete = false;
      if (letter === "e") {
        if (value !== undefined) expressions.push(value);
      } else {
        flags.push(letter);
      }
      break;
    }
  }
  if (expressions.length > 0) return { flags, expressions, files: operands, complete };
  const [first, ...files] = operands;
  return { flags, expressions: first === undefined ? [] : [first], files, complete };
}

/** The long option `given` names, exactly or as a unique abbreviation. */
function resolveLong(given: string): string | null {
  if (given === "") return null;
  if (Object.hasOwn(LONG_OPTIONS, given)) return given;
  const candidates = Object.keys(LONG_OPTIONS).filter((name) => name.startsWith(given));
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/**
 * Why a sed expression or invocation is not allowed, or `null`: the reference's allowlist
 * (`-n` line printing, `s/…/…/flags` substitutions) and denylist (write, execute, braces,
 * negation, comments), and `-i` on a dangerous file. Token-aware: every `sed` in the command
 * line is checked, behind wrappers and inside `sh -c` scripts too, not only a leading one.
 *
 * @example
 * checkSedConstraints(await parseScript("sed 's/a/b/w out' f"), DEFAULT_DANGEROUS_FILES);
 * // "sed write operation (w/W) not allowed"
 */
export function checkSedConstraints(
  script: ParsedScript,
  dangerousFiles: readonly string[],
): string | null {
  for (const command of script.commands) {
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    if (unwrapped.kind !== "program" || unwrapped.call.base !== "sed") continue;
    const error = checkSed(parseSed(unwrapped.call.args), dangerousFiles);
    if (error !== null) return error;
  }
  return null;
}

function checkSed(sed: SedInvocation, dangerousFiles: readonly string[]): string | null {
  if (sed.expressions.length === 0) return "sed command missing expression";
  for (const flag of sed.flags) {
    if (!ALLOWED_FLAGS.has(flag)) return `sed flag -${flag} not allowed`;
  }
  const quiet = sed.flags.includes("n");
  for (const word of sed.expressions) {
    const error = checkExpression(word.value ?? word.text, quiet);
    if (error !== null) return error;
    if (word.value === null) return `sed expression '${word.text}' not in allowlist`;
  }
  if (sed.flags.includes("i")) {
    for (const file of sed.files) {
      const path = file.value ?? file.text;
      if (dangerousFiles.some((d) => path.includes(d) || path.endsWith(d))) {
        return `sed -i modifying dangerous file: ${path}`;
      }
    }
  }
  return null;
}

function checkExpression(expr: string, quiet: boolean): string | null {
  if (/\/[wW]\s+\S+/.test(expr) || expr.endsWith("/w") || expr.endsWith("/W")) {
    return "sed write operation (w/W) not allowed";
  }
  if (/\/[eE](?:\s|$)/.test(expr) || expr.endsWith("/e") || expr.endsWith("/E")) {
    return "sed execute operation (e/E) not allowed";
  }
  if (expr.includes("{") || expr.includes("}")) return "sed curly braces not allowed";
  if (expr.startsWith("!")) return "sed negation (!) not allowed";
  if (expr.includes("#") && !expr.startsWith("s#")) return "sed comments not allowed";
  if (quiet && (/^\d+p$/.test(expr) || /^\d+,\d+p$/.test(expr))) return null;
  if (isAllowedSubstitution(expr)) return null;
  return `sed expression '${expr}' not in allowlist`;
}

/** `s/a/b/`, `s|a|b|g`, `s#a#b#p2`: a substitution with flags among `gp0123456789`. */
function isAllowedSubstitution(expr: string): boolean {
  if (!(expr.startsWith("s/") || expr.startsWith("s|") || expr.startsWith("s#"))) return false;
  const parts = expr.slice(2).split(expr.charAt(1));
  if (parts.length < 2) return false;
  const flags = parts[2];
  return flags === undefined || /^[gp0-9]*$/.test(flags);
}
