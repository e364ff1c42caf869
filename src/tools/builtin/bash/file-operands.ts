import { FILE_COMMAND_OPTIONS } from "./file-command-options.js";
import { readGnuArguments, type GnuArguments, type ReadOperand } from "./gnu-arguments.js";
import { parseSed } from "./sed.js";
import type { ShellWord } from "./shell-word.js";

/**
 * What a command does to a path: reads it, writes into it (or its metadata), creates it as a new
 * entry, or removes (or moves away) the entry.
 */
export type FileAccess = "read" | "write" | "create" | "remove";

/** One path a file command acts on. */
export interface FileOperand {
  readonly word: ShellWord;
  readonly access: FileAccess;
  /**
   * Whether a symlink in the last component is followed: `touch`, `cp`'s destination, `tee`
   * write through it; `rm`, `mv`'s sources, `mkdir`, `sed -i` act on the entry itself.
   */
  readonly followFinal: boolean;
}

/** The paths of one file command, in the order they are written. */
export interface FileOperands {
  readonly operands: readonly FileOperand[];
  /** Whether every argument was understood (no unknown option, no option in an expansion). */
  readonly complete: boolean;
  /** The arguments as getopt splits them (`null` for `sed` and `dd`, read their own way). */
  readonly parsed: GnuArguments | null;
}

/**
 * The paths a file command acts on, from its option table (`file-command-options.ts`): operands,
 * option values that are paths (`-t DIR`, `-tDIR`, `--target=DIR`, `--reference=FILE`), and the
 * words `POSIXLY_CORRECT` would make operands. `rmdir -p a/b` removes `a` too. `null` for a
 * program that is not a file command.
 *
 * @example
 * fileOperands("cp", words("-t /etc a")); // /etc (write), a (read)
 */
export function fileOperands(program: string, args: readonly ShellWord[]): FileOperands | null {
  if (program === "sed") return sedOperands(args);
  if (program === "dd") return ddOperands(args);
  const table = Object.hasOwn(FILE_COMMAND_OPTIONS, program)
    ? FILE_COMMAND_OPTIONS[program]
    : undefined;
  if (table === undefined) return null;
  const parsed = readGnuArguments(args, table);
  const has = (letter: string, long: string): boolean =>
    parsed.options.some((o) => o.name === letter || o.name === long);
  const found: { index: number; operand: FileOperand }[] = [];
  const add = (entry: ReadOperand, access: FileAccess, followFinal: boolean): void => {
    found.push({ index: entry.index, operand: { word: entry.word, access, followFinal } });
  };
  let targetDirectory = false;
  for (const option of parsed.options) {
    if (option.value === null || option.kind === "data" || option.kind === "flag") continue;
    if (option.kind === "optional") continue;
    const entry = { word: option.value, index: option.index };
    targetDirectory ||= option.kind === "target-directory";
    add(entry, option.kind === "path" ? "read" : "write", true);
  }
  const operands = parsed.operands;
  const last = targetDirectory ? -1 : operands.length - 1;
  operands.forEach((entry, i) => {
    const [access, follow] = operandAccess(program, i === last && operands.length > 1, has);
    add(entry, access, follow);
    if (program === "rmdir" && has("p", "parents")) {
      for (const parent of ancestors(entry)) add(parent, "remove", false);
    }
  });
  for (const entry of parsed.posixOperands) {
    if (!found.some((f) => f.index === entry.index)) add(entry, "write", true);
  }
  found.sort((a, b) => a.index - b.index);
  return { operands: found.map((f) => f.operand), complete: parsed.complete, parsed };
}

/** How `program` treats an operand; `destination` for the last of several (`cp a b` → `b`). */
function operandAccess(
  program: string,
  destination: boolean,
  has: (letter: string, long: string) => boolean,
): [FileAccess, boolean] {
  switch (program) {
    case "rm":
    case "rmdir":
    case "unlink":
      return ["remove", false];
    case "mkdir":
      return ["create", false];
    case "mv":
      return destination ? ["write", true] : ["remove", false];
    case "cp":
    case "ln":
      return destination ? ["write", true] : ["read", true];
    case "install":
      if (has("d", "directory")) return ["create", false];
      return destination ? ["write", true] : ["read", true];
    case "touch":
      return ["write", !has("h", "no-dereference")];
    default:
      return ["write", true];
  }
}

/** `rmdir -p a/b/c` also removes `a/b` and `a` (as written, not resolved). */
function ancestors(entry: ReadOperand): ReadOperand[] {
  const { word, index } = entry;
  const value = word.value;
  if (value === null) return [];
  const out: ReadOperand[] = [];
  let path = value.replace(/\/+$/, "");
  for (let slash = path.lastIndexOf("/"); slash >= 0; slash = path.lastIndexOf("/")) {
    path = path.slice(0, slash).replace(/\/+$/, "");
    out.push({ word: { ...word, value: path === "" ? "/" : path }, index });
    if (path === "") break;
  }
  return out;
}

/** `sed -i` replaces each file (the entry itself, unless `--follow-symlinks`); plain sed reads. */
function sedOperands(args: readonly ShellWord[]): FileOperands {
  const sed = parseSed(args);
  const inPlace = sed.flags.includes("i");
  const follow = sed.flags.includes("-follow-symlinks");
  return {
    operands: sed.files.map((word) => ({
      word,
      access: inPlace ? "write" : "read",
      followFinal: !inPlace || follow,
    })),
    complete: sed.complete,
    parsed: null,
  };
}

/** `dd if=… of=…`: the files are the values of `if` (read) and `of` (written). */
function ddOperands(args: readonly ShellWord[]): FileOperands {
  const operands: FileOperand[] = [];
  for (const word of args) {
    const text = word.value ?? word.text;
    const match = /^(if|of)=(.*)$/s.exec(text);
    if (match === null) continue;
    const path = word.value === null ? word : { ...word, value: match[2] ?? "" };
    operands.push({ word: path, access: match[1] === "if" ? "read" : "write", followFinal: true });
  }
  return { operands, complete: false, parsed: null };
}
