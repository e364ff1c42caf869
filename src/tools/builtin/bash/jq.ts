import type { ShellWord } from "./shell-word.js";

/** jq's options without a value (jq 1.6 and 1.7 manuals). */
const FLAGS: ReadonlySet<string> = new Set([
  "--seq",
  "--stream",
  "--stream-errors",
  "--slurp",
  "--raw-input",
  "--null-input",
  "--compact-output",
  "--tab",
  "--color-output",
  "--monochrome-output",
  "--ascii-output",
  "--unbuffered",
  "--sort-keys",
  "--raw-output",
  "--raw-output0",
  "--join-output",
  "--exit-status",
  "--args",
  "--jsonargs",
  "--binary",
  "--version",
  "--build-configuration",
  "--help",
]);

/** Short flags, clustered as in `-rc`. */
const SHORT_FLAGS = "csnerjaSCMRhVb";

/** Options and how many values follow them. */
const VALUED: ReadonlyMap<string, number> = new Map([
  ["--indent", 1],
  ["--arg", 2],
  ["--argjson", 2],
  ["--slurpfile", 2],
  ["--rawfile", 2],
]);

/** How a jq command line reads: its filter, and whether anything hides code. */
interface JqCommand {
  /** The filter word, if one is given on the command line. */
  readonly filter: ShellWord | undefined;
  /** Whether every option is known and literal, and no code comes from a file or module. */
  readonly analysable: boolean;
  /** Whether code comes from a file or a module (`-f`, `-L`, `import`, `include`). */
  readonly codeFromFiles: boolean;
}

const CODE_FROM_FILES: ReadonlySet<string> = new Set(["-f", "--from-file", "-L", "--library-path"]);

/**
 * Reads jq's arguments (departure 1): the first operand is the filter unless `-f` gives a file;
 * `-f`/`--from-file` and `-L`/`--library-path` take code from files, which the analyser cannot
 * read, and so does `import`/`include` in the filter.
 */
export function readJq(args: readonly ShellWord[]): JqCommand {
  let filter: ShellWord | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    const text = word?.glob === true ? null : (word?.value ?? null);
    if (text === null) return { filter, analysable: false, codeFromFiles: false };
    if (text === "--") {
      filter ??= args[i + 1];
      break;
    }
    if (!text.startsWith("-") || text === "-") {
      filter ??= word;
      continue;
    }
    const count = VALUED.get(text);
    if (count !== undefined) {
      for (let k = 1; k <= count; k++) {
        if (args[i + k]?.value == null || args[i + k]?.glob === true) {
          return { filter, analysable: false, codeFromFiles: false };
        }
      }
      i += count;
      continue;
    }
    if (FLAGS.has(text)) continue;
    if (/^-[^-]/.test(text) && Array.from(text.slice(1)).every((c) => SHORT_FLAGS.includes(c))) {
      continue;
    }
    // -f, -L, and anything unknown.
    const fromFiles = CODE_FROM_FILES.has(text) || /^-[^-]*[fL]/.test(text);
    return { filter, analysable: false, codeFromFiles: fromFiles };
  }
  const modules = /\b(?:import|include)\b/.test(filter?.value ?? "");
  return { filter, analysable: filter?.value !== null && !modules, codeFromFiles: modules };
}

/** Whether a jq filter reads the environment (`env`, `$ENV`): departure 8, a secret read. */
export function jqReadsEnvironment(args: readonly ShellWord[]): boolean {
  const { filter, codeFromFiles } = readJq(args);
  // Code the analyser cannot read may read the environment too.
  // `env` the builtin, not `.env` the field.
  return codeFromFiles || /\$ENV\b|(?<![.$\w])env\b/.test(filter?.value ?? "");
}

/** Whether `jq <args>` only reads: known options, a literal filter, no code from files. */
export function isReadOnlyJq(args: readonly ShellWord[], stdinArgs: boolean): boolean {
  return !stdinArgs && readJq(args).analysable;
}
