import { basename, isAbsolute, join } from "node:path";
import { isWithin, physicalPath } from "../../../permission/index.js";
import { expandTilde, possibleDirectories } from "./directories.js";
import type { FileOperand, FileOperands } from "./file-operands.js";
import { probeFile } from "./file-probe.js";
import { expandGlob } from "./glob-expansion.js";
import type { ShellWord } from "./shell-word.js";
import type { SimpleCommand } from "./simple-command.js";

/** A path a filesystem command acts on, with how it acts. */
export interface EditTarget extends Pick<FileOperand, "word" | "access" | "followFinal"> {
  /** Whether it writes into an existing file in place (a redirect, `cp`'s destination). */
  readonly inPlace: boolean;
}

/**
 * How one filesystem command's targets land: all inside a working directory; inside, but the
 * command may change the layout later commands see (it moves or copies a directory, a symlink or
 * a hard-linked file, or makes links); or not provably inside.
 */
export type Landing = "inside" | "layout-changed" | "outside";

/** Where relative paths and `~` point. */
interface Places {
  readonly cwd: string;
  readonly home: string;
}

/**
 * Judges where one filesystem command's writes really land (ACCEPT_EDITS, departure 2), from
 * every directory a `cd` may have led to, on the disk as it is now: each target resolved with
 * `physicalPath` (following a final symlink where the command does), globs by what they match
 * (`expandGlob`), a `cp` or `mv` into an existing directory by the file it creates there
 * (`cp a dir` writes `dir/a`, through a symlink already there too), `cp --parents` by the path it
 * appends. A target is inside when it lands in a working directory (`/dev/null` is fine), is not
 * a hard-linked file written in place (its other names may be anywhere), and — for removals and
 * moves — is not a working directory, an ancestor of one, or one's `.git`.
 */
export async function editLandings(
  program: string,
  read: FileOperands,
  targets: readonly EditTarget[],
  command: SimpleCommand,
  roots: readonly string[],
  places: Places,
): Promise<Landing> {
  const directories = await possibleDirectories(command.directories, places.cwd, places.home);
  for (const target of targets) {
    const paths = await candidates(target.word, directories, places);
    if (paths === null) return "outside";
    for (const path of paths) if (!(await landsInside(path, target, roots))) return "outside";
  }
  if (program !== "cp" && program !== "mv") return "inside";
  const moved = sourcesAndDestination(read);
  if (moved === null) return "outside";
  for (const directory of directories ?? [places.cwd]) {
    const into = await intoDirectory(program, moved, directory, roots, places);
    if (into !== "inside") return into;
  }
  const changes = await changesLayout(program, read, moved.sources, directories, places);
  return changes ? "layout-changed" : "inside";
}

/** The paths a word may name, from each directory: `null` when that cannot be said. */
async function candidates(
  word: ShellWord,
  directories: readonly string[] | null,
  places: Places,
): Promise<string[] | null> {
  if (word.value === null) return null;
  const expanded = expandTilde(word.value, places.home);
  if (directories === null && !isAbsolute(expanded)) return null;
  const out: string[] = [];
  for (const directory of directories ?? [places.cwd]) {
    if (word.glob) {
      const matches = await expandGlob(directory, expanded);
      if (matches === null) return null;
      out.push(...matches);
    } else {
      // Unnormalised: `..` must be taken after the symlinks before it.
      out.push(isAbsolute(expanded) ? expanded : `${directory}/${expanded}`);
    }
  }
  return out;
}

async function landsInside(
  path: string,
  target: Pick<EditTarget, "access" | "followFinal" | "inPlace">,
  roots: readonly string[],
): Promise<boolean> {
  const landing = await physicalPath(path, { followFinal: target.followFinal });
  if (landing === null) return false;
  if (landing === "/dev/null" && target.access === "write") return true;
  if (!roots.some((root) => isWithin(landing, root))) return false;
  if (target.access === "remove") {
    if (roots.some((root) => isWithin(root, landing) || landing === join(root, ".git"))) {
      return false;
    }
  }
  return !(target.inPlace && (await isHardLinkedFile(landing)));
}

interface Moved {
  readonly sources: readonly ShellWord[];
  readonly destination: ShellWord | null;
  readonly noTargetDirectory: boolean;
  readonly parents: boolean;
}

/** `cp`/`mv`'s sources and destination (`-t DIR`, or the last operand). */
function sourcesAndDestination(read: FileOperands): Moved | null {
  const parsed = read.parsed;
  if (parsed === null) return null;
  const has = (letter: string, long: string): boolean =>
    parsed.options.some((o) => o.name === letter || o.name === long);
  const words = parsed.operands.map((o) => o.word);
  const directory = parsed.options.find((o) => o.kind === "target-directory");
  const destination = directory?.value ?? (words.length > 1 ? (words.at(-1) ?? null) : null);
  return {
    sources: directory === undefined ? words.slice(0, -1) : words,
    destination,
    noTargetDirectory: has("T", "no-target-directory"),
    parents: parsed.options.some((o) => o.name === "parents"),
  };
}

/**
 * Into an existing directory, `cp` and `mv` create `DIR/name` for each source: `cp` writes it in
 * place, through a symlink already there; a directory copied onto an existing one merges into a
 * tree nobody has looked at. `mv -T` replaces the destination, which must not be a working
 * directory.
 */
async function intoDirectory(
  program: string,
  moved: Moved,
  directory: string,
  roots: readonly string[],
  places: Places,
): Promise<Landing> {
  const destination = moved.destination;
  if (destination === null) return "inside";
  const [dest] = (await candidates(destination, [directory], places)) ?? [];
  if (dest === undefined || destination.glob) return "outside";
  if (moved.noTargetDirectory) {
    const replaced = { access: "remove", followFinal: false, inPlace: false } as const;
    return (await landsInside(dest, replaced, roots)) ? "inside" : "outside";
  }
  const real = await physicalPath(dest);
  if (real === null) return "outside";
  if (!(await isDirectory(real)) || program === "mv") return "inside";
  for (const source of moved.sources) {
    for (const path of (await candidates(source, [directory], places)) ?? []) {
      // `--parents` appends the source as written (a relative one without its directory).
      const written = path.startsWith(`${directory}/`) ? path.slice(directory.length + 1) : path;
      const name = moved.parents ? written : basename(path.replace(/\/+$/, ""));
      const created = `${real}/${name}`;
      const write = { access: "write", followFinal: true, inPlace: true } as const;
      if (!(await landsInside(created, write, roots))) return "outside";
      if ((await isDirectory(path)) && (await isDirectory(created))) return "outside";
    }
  }
  return "inside";
}

/** Whether a `cp`/`mv` may leave behind a layout later paths would resolve through differently. */
async function changesLayout(
  program: string,
  read: FileOperands,
  sources: readonly ShellWord[],
  directories: readonly string[] | null,
  places: Places,
): Promise<boolean> {
  const makesLinks = read.parsed?.options.some((o) =>
    ["s", "l", "symbolic-link", "link"].includes(o.name),
  );
  if (program === "cp" && makesLinks === true) return true;
  for (const source of sources) {
    const paths = await candidates(source, directories, places);
    if (paths === null) return true;
    for (const path of paths) if (!(await isPlainFile(path))) return true;
  }
  return false;
}

/** A regular file, not a symlink, with one name: moving or copying it changes nothing else. */
async function isPlainFile(path: string): Promise<boolean> {
  const entry = await probeFile(path, false);
  return entry !== null && entry.file && entry.links === 1;
}

async function isHardLinkedFile(path: string): Promise<boolean> {
  const entry = await probeFile(path, true);
  return entry !== null && entry.file && entry.links > 1;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await probeFile(path, true))?.directory === true;
}
