import type { ParsedScript } from "./script.js";
import type { ShellWord } from "./shell-word.js";
import { ALL_WRAPPERS, unwrapCommand } from "./wrappers.js";

/** A `sed` invocation split into its parts. */
export interface SedInvocation {
  /** Single-letter flags (`n`, `E`, `i`, …); an unknown long option appears as `-name`. */
  readonly flags: readonly string[];
  readonly expressions: readonly ShellWord[];
  readonly files: readonly ShellWord[];
}

const ALLOWED_FLAGS: ReadonlySet<string> = new Set(["n", "E", "e", "i"]);

/** Long options with a single-letter meaning; any other long option is refused. */
const LONG_FLAGS: Readonly<Record<string, string>> = {
  quiet: "n",
  silent: "n",
  "regexp-extended": "E",
};

/**
 * Reads sed's arguments the way the reference does (spec §5.1 `check_sed_constraints`): `-xyz`
 * is one flag per letter, `-i` / `--in-place` skips a following backup suffix that looks like
 * neither an option, a script nor a file name, `-e X` / `--expression X` give expressions, and
 * without them the first operand is the expression and the rest are files. Stricter than the
 * reference: `--expression=X` counts, and unknown long options (`--file=script`) are flags
 * that are not allowed.
 */
export function parseSed(args: readonly ShellWord[]): SedInvocation {
  const flags: string[] = [];
  const expressions: ShellWord[] = [];
  const operands: ShellWord[] = [];
  let afterDashDash = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) break;
    const arg = word.value;
    if (arg === null || afterDashDash || !arg.startsWith("-") || arg === "-") {
      operands.push(word);
      continue;
    }
    if (arg === "--") {
      afterDashDash = true;
      continue;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (name === "expression") {
        const value = eq < 0 ? args[++i] : { ...word, value: arg.slice(eq + 1) };
        if (value !== undefined) expressions.push(value);
      } else if (name === "in-place") {
        flags.push("i");
        if (eq < 0 && isBackupSuffix(args[i + 1])) i++;
      } else {
        flags.push(LONG_FLAGS[name] ?? `-${name}`);
      }
      continue;
    }
    const letters = arg.slice(1);
    if (letters === "e") {
      const value = args[++i];
      if (value !== undefined) expressions.push(value);
      continue;
    }
    flags.push(...Array.from(letters));
    if (letters.includes("i") && isBackupSuffix(args[i + 1])) i++;
  }
  if (expressions.length > 0) return { flags, expressions, files: operands };
  const [first, ...files] = operands;
  return { flags, expressions: first === undefined ? [] : [first], files };
}

/** The reference's test for the word after `-i`: not an option, a script or a file name. */
function isBackupSuffix(word: ShellWord | undefined): boolean {
  const next = word?.value;
  if (next === undefined || next === null) return false;
  return !next.startsWith("-") && !next.startsWith("s") && !next.includes(".");
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
