import type { ShellWord } from "./shell-word.js";

type Arity = "flag" | "valued" | "optional";

/**
 * The options of a program that leave it harmless (an allow-list, from its manual). Built once
 * per program from a compact spelling by {@link optionTable}.
 */
export interface OptionTable {
  readonly short: ReadonlyMap<string, Arity>;
  readonly long: ReadonlyMap<string, Arity>;
  /** Whether `-NUM` is an option (`uniq -2`, obsolete "skip fields"). */
  readonly numeric: boolean;
}

/**
 * An option table from its spelling: whitespace-separated `-x` (flag), `-x=` (takes a value,
 * attached or next), `-x?` (optional value, attached only), and the same with `--name`.
 *
 * @example
 * const uniq = optionTable("-c -d -f= --count --skip-fields= --group?");
 */
export function optionTable(spelling: string, numeric = false): OptionTable {
  const short = new Map<string, Arity>();
  const long = new Map<string, Arity>();
  for (const token of spelling.split(/\s+/)) {
    if (token === "") continue;
    const match = /^(--?)([^=?]+)([=?]?)$/.exec(token);
    if (match === null) throw new Error(`bad option spelling: ${token}`);
    const arity: Arity = match[3] === "=" ? "valued" : match[3] === "?" ? "optional" : "flag";
    (match[1] === "--" ? long : short).set(match[2] ?? "", arity);
  }
  return { short, long, numeric };
}

/** One option met while reading arguments: its canonical name and value. */
export interface ReadOption {
  readonly name: string;
  readonly value: string | null;
}

/** A command's arguments split into known options and operands. */
export interface OptionReading {
  readonly options: readonly ReadOption[];
  readonly operands: readonly ShellWord[];
  /** Whether a `--` ended the options (so appended arguments can only be operands). */
  readonly endedByDashDash: boolean;
}

/**
 * Reads arguments the way GNU `getopt_long` does — clusters (`-nr`), attached or separate values,
 * `--name=value`, unique abbreviations of long options, options after operands (`permute`),
 * `--` — and returns `null` as soon as something is not a known harmless option or might become
 * one: an unknown option, an expansion or a glob before `--` (`$OPTS`, `-de*` may expand to
 * `--pre=sh`), an option value that is not a literal (an unquoted expansion may split into
 * several words).
 *
 * Abbreviations are resolved among the table's options only. That is sound: when a prefix names
 * one harmless option here, the real program either resolves it to that option or rejects it as
 * ambiguous; it cannot pick another.
 */
export function readOptions(
  args: readonly ShellWord[],
  table: OptionTable,
  permute = true,
): OptionReading | null {
  const options: ReadOption[] = [];
  const operands: ShellWord[] = [];
  let onlyOperands = false;
  let endedByDashDash = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) break;
    if (onlyOperands) {
      operands.push(word);
      continue;
    }
    const text = literal(word);
    if (text === null) return null;
    if (text === "--") {
      onlyOperands = endedByDashDash = true;
      continue;
    }
    if (text === "-" || !text.startsWith("-")) {
      operands.push(word);
      onlyOperands = !permute;
      continue;
    }
    const next = (): string | null => {
      const value = literal(args[i + 1]);
      if (value !== null) i++;
      return value;
    };
    const read = text.startsWith("--") ? readLong(text, table, next) : readShort(text, table, next);
    if (read === null) return null;
    options.push(...read);
  }
  return { options, operands, endedByDashDash };
}

/** A word's value when it is a literal without glob characters, else `null`. */
function literal(word: ShellWord | undefined): string | null {
  if (word === undefined || word.glob) return null;
  return word.value;
}

function readLong(
  text: string,
  table: OptionTable,
  next: () => string | null,
): ReadOption[] | null {
  const eq = text.indexOf("=");
  const given = eq < 0 ? text.slice(2) : text.slice(2, eq);
  const name = resolveLong(given, table);
  if (name === null) return null;
  const arity = table.long.get(name);
  const attached = eq < 0 ? null : text.slice(eq + 1);
  if (arity === "flag") return attached === null ? [{ name: `--${name}`, value: null }] : null;
  if (arity === "optional" || attached !== null) return [{ name: `--${name}`, value: attached }];
  const value = next();
  return value === null ? null : [{ name: `--${name}`, value }];
}

function resolveLong(given: string, table: OptionTable): string | null {
  if (table.long.has(given)) return given;
  if (given === "") return null;
  let found: string | null = null;
  for (const name of table.long.keys()) {
    if (!name.startsWith(given)) continue;
    if (found !== null) return null; // ambiguous
    found = name;
  }
  return found;
}

function readShort(
  text: string,
  table: OptionTable,
  next: () => string | null,
): ReadOption[] | null {
  if (table.numeric && /^-\d+$/.test(text)) return [{ name: text, value: null }];
  const read: ReadOption[] = [];
  for (let j = 1; j < text.length; j++) {
    const letter = text.charAt(j);
    const arity = table.short.get(letter);
    if (arity === undefined) return null;
    if (arity === "flag") {
      read.push({ name: `-${letter}`, value: null });
      continue;
    }
    const rest = text.slice(j + 1);
    if (arity === "optional" || rest !== "") {
      read.push({ name: `-${letter}`, value: rest === "" ? null : rest });
      return read;
    }
    const value = next();
    if (value === null) return null;
    read.push({ name: `-${letter}`, value });
    return read;
  }
  return read;
}
