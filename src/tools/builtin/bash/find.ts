import type { ShellWord } from "./shell-word.js";

/** `find` actions that write files, delete, or run other programs (departure 1 of the spec). */
export const FIND_WRITING_ACTIONS: ReadonlySet<string> = new Set([
  "-delete",
  "-exec",
  "-execdir",
  "-ok",
  "-okdir",
  "-fls",
  "-fprint",
  "-fprint0",
  "-fprintf",
]);

/** The actions whose arguments, up to `;` or `+`, are a command `find` runs. */
const EXEC_ACTIONS: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** Primaries followed by exactly one argument (which is data, never an action). */
const ONE_ARGUMENT: ReadonlySet<string> = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-xtype",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-size",
  "-newer",
  "-anewer",
  "-cnewer",
  "-mtime",
  "-atime",
  "-ctime",
  "-mmin",
  "-amin",
  "-cmin",
  "-maxdepth",
  "-mindepth",
  "-links",
  "-inum",
  "-samefile",
  "-used",
  "-fstype",
  "-context",
  "-printf",
  "-regextype",
  "-files0-from",
  "-D",
]);

/** `-newerXY` compares timestamps of kinds X and Y and takes one argument. */
const NEWER_XY = /^-newer[aBcmt][aBcmt]$/;

/**
 * Whether a `find` invocation only reads: no writing or executing action, reading each primary's
 * argument as data (`find . -name '-delete'` only searches). Every argument must be a literal
 * without glob characters: an expansion could turn into `-delete`, and so could `-de*` or `*`
 * (a file named `-delete` in the directory).
 */
export function isReadOnlyFind(args: readonly ShellWord[]): boolean {
  if (args.some((a) => a.glob || a.value === null)) return false;
  for (let i = 0; i < args.length; i++) {
    const value = args[i]?.value ?? null;
    if (value === null) return false;
    if (FIND_WRITING_ACTIONS.has(value)) return false;
    if (ONE_ARGUMENT.has(value) || NEWER_XY.test(value)) i++;
  }
  return true;
}

/** The commands `find` runs through `-exec`, `-execdir`, `-ok` and `-okdir`, as word lists. */
export function findExecPayloads(args: readonly ShellWord[]): ShellWord[][] {
  const payloads: ShellWord[][] = [];
  for (let i = 0; i < args.length; i++) {
    const value = args[i]?.value ?? null;
    if (value !== null && (ONE_ARGUMENT.has(value) || NEWER_XY.test(value))) {
      i++;
      continue;
    }
    if (value === null || !EXEC_ACTIONS.has(value)) continue;
    const payload: ShellWord[] = [];
    for (i++; i < args.length; i++) {
      const word = args[i];
      if (word === undefined || word.value === ";" || word.value === "+") break;
      payload.push(word);
    }
    payloads.push(payload);
  }
  return payloads;
}
