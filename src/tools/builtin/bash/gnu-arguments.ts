import type { FileCommandOptions, LongOption } from "./file-command-options.js";
import type { ShellWord } from "./shell-word.js";

/** One option as GNU getopt reads it: its canonical name (`t`, `target-directory`) and value. */
export interface ReadOption {
  /** The letter of a short option, or the full name of a long one (abbreviations resolved). */
  readonly name: string;
  readonly kind: LongOption;
  readonly value: ShellWord | null;
  /** Index in the arguments of the word holding the value, else the option (for source order). */
  readonly index: number;
}

/** One operand and where it stands in the arguments. */
export interface ReadOperand {
  readonly word: ShellWord;
  readonly index: number;
}

/** A command's arguments split the way GNU getopt_long splits them. */
export interface GnuArguments {
  readonly options: readonly ReadOption[];
  readonly operands: readonly ReadOperand[];
  /**
   * Words after the first operand that getopt's permutation took for options or their values:
   * with `POSIXLY_CORRECT` in the environment they are operands instead, so they count as paths.
   */
  readonly posixOperands: readonly ReadOperand[];
  /** Whether every word was understood: no unknown option, no word that may be an option. */
  readonly complete: boolean;
}

/**
 * Reads a GNU tool's arguments as `getopt_long` does by default: options may follow operands
 * (permutation), short options cluster (`-vt/dir`), a short option's value is attached or the
 * next word, a long option's value follows `=` (or the next word when it is required), long
 * options may be abbreviated to a unique prefix, and `--` ends the options.
 *
 * @example
 * readGnuArguments(words("a -vt/etc b"), FILE_COMMAND_OPTIONS.cp);
 * // options v, t=/etc; operands a, b
 */
export function readGnuArguments(
  args: readonly ShellWord[],
  table: FileCommandOptions,
): GnuArguments {
  const options: ReadOption[] = [];
  const operands: ReadOperand[] = [];
  const posixOperands: ReadOperand[] = [];
  let complete = true;
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) break;
    const text = word.value;
    if (endOfOptions || text === "-" || (text !== null && !text.startsWith("-"))) {
      operands.push({ word, index: i });
      continue;
    }
    // An expansion, or a glob, may or may not turn into an option.
    if (text === null || word.glob) {
      complete = false;
      operands.push({ word, index: i });
      continue;
    }
    const first = i;
    if (text === "--") endOfOptions = true;
    else if (text.startsWith("--")) {
      const read = readLong(text.slice(2), args, i, table, options);
      complete &&= read.known;
      i = read.next;
    } else {
      const read = readCluster(text.slice(1), args, i, table, options);
      complete &&= read.known;
      i = read.next;
    }
    if (operands.length > 0) {
      for (let j = first; j <= i; j++) {
        const consumed = args[j];
        if (consumed !== undefined) posixOperands.push({ word: consumed, index: j });
      }
    }
  }
  return { options, operands, posixOperands, complete };
}

interface Step {
  /** Index of the last word the option used. */
  readonly next: number;
  readonly known: boolean;
}

function readLong(
  body: string,
  args: readonly ShellWord[],
  index: number,
  table: FileCommandOptions,
  out: ReadOption[],
): Step {
  const eq = body.indexOf("=");
  const given = eq < 0 ? body : body.slice(0, eq);
  const name = resolveLong(given, table);
  const word = args[index];
  if (word === undefined) return { next: index, known: false };
  if (name === null) {
    // Unknown or ambiguous: the program refuses it; callers still see what was asked for.
    out.push({ name: given, kind: "flag", value: null, index });
    return { next: index, known: false };
  }
  const kind = table.long[name] ?? "flag";
  if (eq >= 0) {
    // `--flag=x` is an error: the program stops, but we cannot call it understood.
    const value = { ...word, value: body.slice(eq + 1) };
    out.push({ name, kind, value, index });
    return { next: index, known: kind !== "flag" };
  }
  if (kind === "flag" || kind === "optional") {
    out.push({ name, kind, value: null, index });
    return { next: index, known: true };
  }
  const value = args[index + 1] ?? null;
  out.push({ name, kind, value, index: index + 1 });
  return { next: index + 1, known: value !== null && value.value !== null };
}

function readCluster(
  letters: string,
  args: readonly ShellWord[],
  index: number,
  table: FileCommandOptions,
  out: ReadOption[],
): Step {
  const word = args[index];
  if (word === undefined) return { next: index, known: false };
  let known = true;
  for (let j = 0; j < letters.length; j++) {
    const letter = letters.charAt(j);
    if (table.optional?.includes(letter) === true) {
      const rest = letters.slice(j + 1);
      const value = rest === "" ? null : { ...word, value: rest };
      out.push({ name: letter, kind: "optional", value, index });
      return { next: index, known };
    }
    const kind = Object.hasOwn(table.valued, letter) ? table.valued[letter] : undefined;
    if (kind === undefined) {
      known &&= table.flags.includes(letter);
      out.push({ name: letter, kind: "flag", value: null, index });
      continue;
    }
    const attached = letters.slice(j + 1);
    if (attached !== "") {
      out.push({ name: letter, kind, value: { ...word, value: attached }, index });
      return { next: index, known };
    }
    const value = args[index + 1] ?? null;
    out.push({ name: letter, kind, value, index: index + 1 });
    return { next: index + 1, known: known && value !== null && value.value !== null };
  }
  return { next: index, known };
}

/** The long option `given` names: exactly, or as the unique option it abbreviates. */
function resolveLong(given: string, table: FileCommandOptions): string | null {
  if (given === "") return null;
  if (Object.hasOwn(table.long, given)) return given;
  const candidates = Object.keys(table.long).filter((name) => name.startsWith(given));
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}
