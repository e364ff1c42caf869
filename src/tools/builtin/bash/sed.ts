import type { FileCommandOptions } from "./file-command-options.js";
import { readGnuArguments } from "./gnu-arguments.js";
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

/** GNU sed's options (`sed --help`, GNU sed 4.9). `-i` takes its backup suffix only attached. */
const SED_OPTIONS: FileCommandOptions = {
  flags: "nrEsuz",
  valued: { e: "data", f: "path", l: "data" },
  optional: "i",
  long: {
    quiet: "flag",
    silent: "flag",
    debug: "flag",
    expression: "data",
    file: "path",
    "follow-symlinks": "flag",
    "in-place": "optional",
    "line-length": "data",
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
  },
};

/** Long options with a single-letter meaning the constraints know. */
const LONG_LETTERS: Readonly<Record<string, string>> = {
  quiet: "n",
  silent: "n",
  "regexp-extended": "E",
  "in-place": "i",
};

/**
 * Reads sed's arguments as GNU sed does (stricter than the reference, whose guess about a backup
 * suffix after `-i` let the script pass for one): options anywhere before `--`; `-i` takes its
 * backup suffix only attached (`-i.bak`, `--in-place=.bak`), so the next word is the script or
 * a file; `-e X`, `-eX`, `--expression[=]X` give expressions, `-f`/`-l` consume their value;
 * long options may be abbreviated; without expressions the first operand is the script and the
 * rest are files. Unknown long options are flags that are not allowed (`--nope`).
 */
export function parseSed(args: readonly ShellWord[]): SedInvocation {
  const parsed = readGnuArguments(args, SED_OPTIONS);
  const flags: string[] = [];
  const expressions: ShellWord[] = [];
  let complete = parsed.complete;
  for (const option of parsed.options) {
    if (option.name === "e" || option.name === "expression") {
      if (option.value === null) complete = false;
      else expressions.push(option.value);
    } else if (option.name.length === 1) {
      flags.push(option.name);
    } else {
      flags.push(LONG_LETTERS[option.name] ?? `-${option.name}`);
    }
  }
  const operands = parsed.operands.map((o) => o.word);
  if (expressions.length > 0) return { flags, expressions, files: operands, complete };
  const [first, ...files] = operands;
  return { flags, expressions: first === undefined ? [] : [first], files, complete };
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
