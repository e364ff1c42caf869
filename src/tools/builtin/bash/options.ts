import type { ShellWord } from "./shell-word.js";

/** The options a command accepts before its operands, for {@link scanOptions}. */
export interface OptionSpec {
  /** Single-letter options without a value (`"inv"` for `-i -n -v`). */
  readonly flags?: string;
  /** Single-letter options that take a value, attached (`-n5`) or next (`-n 5`). */
  readonly valued?: string;
  /** Single-letter options whose value is optional and only ever attached (xargs `-i{}`). */
  readonly optionalValued?: string;
  /** Long options without a value, without the leading `--`. */
  readonly longFlags?: readonly string[];
  /** Long options that take a value (`--user=x` or `--user x`). */
  readonly longValued?: readonly string[];
  /** Long options whose value is optional and only ever attached (`--replace[=R]`). */
  readonly longOptional?: readonly string[];
  /** Whether a lone `-` is an option (as for `env -`) rather than an operand. */
  readonly dashIsOption?: boolean;
}

/** One option met by {@link scanOptions}: its canonical name (`-n`, `--user`) and value. */
export interface ScannedOption {
  readonly name: string;
  readonly value: string | null;
}

/** Where the operands start, and the options before them. */
export interface OptionScan {
  readonly options: readonly ScannedOption[];
  /** Index of the first operand in `args` (`args.length` when there is none). */
  readonly operandIndex: number;
}

/**
 * Reads the options in front of a command's first operand, the way getopt does (clusters such as
 * `-0r`, attached values, `--`, unique abbreviations of long options). Returns `null` when an
 * option is unknown or not a literal: the caller then cannot know what the command does and must
 * not treat it as harmless.
 */
export function scanOptions(args: readonly ShellWord[], spec: OptionSpec): OptionScan | null {
  const options: ScannedOption[] = [];
  const flags = spec.flags ?? "";
  const valued = spec.valued ?? "";
  const optionalValued = spec.optionalValued ?? "";
  let i = 0;
  while (i < args.length) {
    const text = args[i]?.value ?? null;
    if (text === null) return null;
    if (text === "--") return { options, operandIndex: i + 1 };
    if (text === "-" && spec.dashIsOption === true) {
      options.push({ name: "-", value: null });
      i++;
      continue;
    }
    if (!text.startsWith("-") || text === "-") break;
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const given = eq < 0 ? text.slice(2) : text.slice(2, eq);
      const long = resolveLong(given, spec);
      if (long === null) return null;
      if (long.optional) {
        options.push({ name: `--${long.name}`, value: eq < 0 ? null : text.slice(eq + 1) });
      } else if (long.valued) {
        let value: string | null;
        if (eq >= 0) value = text.slice(eq + 1);
        else {
          value = args[i + 1]?.value ?? null;
          if (value === null) return null;
          i++;
        }
        options.push({ name: `--${long.name}`, value });
      } else {
        if (eq >= 0) return null;
        options.push({ name: `--${long.name}`, value: null });
      }
      i++;
      continue;
    }
    // A cluster of single-letter options.
    let j = 1;
    let consumedNext = false;
    while (j < text.length) {
      const letter = text.charAt(j);
      if (optionalValued.includes(letter)) {
        options.push({ name: `-${letter}`, value: text.slice(j + 1) });
        break;
      }
      if (valued.includes(letter)) {
        let value = text.slice(j + 1);
        if (value === "") {
          const next = args[i + 1]?.value ?? null;
          if (next === null) return null;
          value = next;
          consumedNext = true;
        }
        options.push({ name: `-${letter}`, value });
        break;
      }
      if (!flags.includes(letter)) return null;
      options.push({ name: `-${letter}`, value: null });
      j++;
    }
    i += consumedNext ? 2 : 1;
  }
  return { options, operandIndex: i };
}

interface LongOption {
  readonly name: string;
  readonly valued: boolean;
  readonly optional: boolean;
}

/** The long option `given` names: an exact name, or the one option it abbreviates. */
function resolveLong(given: string, spec: OptionSpec): LongOption | null {
  const all: LongOption[] = [
    ...(spec.longFlags ?? []).map((name) => ({ name, valued: false, optional: false })),
    ...(spec.longValued ?? []).map((name) => ({ name, valued: true, optional: false })),
    ...(spec.longOptional ?? []).map((name) => ({ name, valued: false, optional: true })),
  ];
  const exact = all.find((o) => o.name === given);
  if (exact !== undefined) return exact;
  if (given === "") return null;
  const candidates = all.filter((o) => o.name.startsWith(given));
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/**
 * Whether an option word (`--output=x`, `--out`, `-o`) names one of `denied` long options, also
 * as a unique-prefix abbreviation (GNU tools and git accept `--out` for `--output`).
 */
export function isDeniedLongOption(word: string, denied: readonly string[]): boolean {
  if (!word.startsWith("--") || word.length < 3) return false;
  const eq = word.indexOf("=");
  const given = eq < 0 ? word : word.slice(0, eq);
  return denied.some((option) => option === given || option.startsWith(given));
}

/** Whether a short-option cluster (`-abc`, not `--x`) contains one of `letters`. */
export function clusterHas(word: string, letters: string): boolean {
  if (!word.startsWith("-") || word.startsWith("--") || word.length < 2) return false;
  for (const letter of word.slice(1)) if (letters.includes(letter)) return true;
  return false;
}
