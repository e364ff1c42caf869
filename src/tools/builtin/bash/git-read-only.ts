import { clusterHas, isDeniedLongOption } from "./options.js";

/** Options that make a git command write a file or run another program. */
const WRITING_OPTIONS: readonly string[] = ["--output", "--ext-diff", "--open-files-in-pager"];

/** git subcommands that only read, whatever their options (besides {@link WRITING_OPTIONS}). */
const READING: ReadonlySet<string> = new Set([
  "status",
  "log",
  "diff",
  "show",
  "ls-files",
  "ls-tree",
  "cat-file",
  "rev-parse",
  "rev-list",
  "describe",
  "shortlog",
  "blame",
  "grep",
  "reflog",
]);

/**
 * Whether `git <args>` only reads (departure 1 of the spec): the reference's list of read-only
 * git commands, judged on the parsed arguments, so `git branch -D x`, `git tag -d x`,
 * `git remote add …` and `git config user.name x` are not read-only. Global options before the
 * subcommand (`git -c core.pager=… log`) are not accepted: they can run programs.
 */
export function isReadOnlyGit(args: readonly string[]): boolean {
  const [sub, ...rest] = args;
  if (sub === undefined) return false;
  if (args.length === 1 && (sub === "--version" || sub === "version")) return true;
  if (rest.some((a) => isDeniedLongOption(a, WRITING_OPTIONS))) return false;
  if (READING.has(sub)) return readingSubcommand(sub, rest);
  switch (sub) {
    case "branch":
      return isListing(rest, BRANCH);
    case "tag":
      return isListing(rest, TAG);
    case "remote":
      return isReadOnlyRemote(rest);
    case "config":
      return isReadOnlyConfig(rest);
    default:
      return false;
  }
}

function readingSubcommand(sub: string, rest: readonly string[]): boolean {
  // `git grep -O` opens the matches in a pager (a program of the caller's choice).
  if (sub === "grep" && rest.some((a) => clusterHas(a, "O"))) return false;
  // `git reflog expire|delete|drop` rewrites the reflog.
  if (sub === "reflog" && ["expire", "delete", "drop"].includes(rest[0] ?? "")) return false;
  return true;
}

/** What `git branch` / `git tag` accept while only listing. */
interface ListingSpec {
  /** Short flags allowed in a cluster. */
  readonly letters: string;
  /** Long flags without a value (and with an optional `=value`). */
  readonly flags: ReadonlySet<string>;
  /** Long options whose value may be the next argument. */
  readonly valued: ReadonlySet<string>;
  /** Options after which names are patterns or commits, not new refs to create. */
  readonly listing: ReadonlySet<string>;
}

const COMMIT_FILTERS = ["--contains", "--no-contains", "--merged", "--no-merged", "--points-at"];

const BRANCH: ListingSpec = {
  letters: "arvliq",
  flags: new Set([
    "--all",
    "--remotes",
    "--verbose",
    "--list",
    "--ignore-case",
    "--show-current",
    "--quiet",
    "--color",
    "--no-color",
    "--column",
    "--no-column",
    "--abbrev",
    "--no-abbrev",
    "--omit-empty",
  ]),
  valued: new Set(["--sort", "--format", ...COMMIT_FILTERS]),
  listing: new Set(["-l", "--list", ...COMMIT_FILTERS]),
};

const TAG: ListingSpec = {
  letters: "lin0123456789v",
  flags: new Set([
    "--list",
    "--ignore-case",
    "--verify",
    "--color",
    "--no-color",
    "--column",
    "--no-column",
    "--omit-empty",
  ]),
  valued: new Set(["--sort", "--format", ...COMMIT_FILTERS]),
  listing: new Set(["-l", "--list", "-v", "--verify", ...COMMIT_FILTERS]),
};

/**
 * `git branch` and `git tag` list when given only listing options; a bare name creates a ref,
 * and `-d`, `-D`, `-m`, `-c`, `-f`, `-a`, `-s` … change refs.
 */
function isListing(args: readonly string[], spec: ListingSpec): boolean {
  let listing = false;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      names.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const name = arg.split("=", 1)[0] ?? arg;
      if (spec.valued.has(name)) {
        // `--sort key` / `--contains commit`: the value is the next argument.
        if (!arg.includes("=") && !COMMIT_FILTERS.includes(name)) i++;
      } else if (!spec.flags.has(name)) {
        return false;
      }
      if (spec.listing.has(name)) listing = true;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (const letter of arg.slice(1)) {
        if (!spec.letters.includes(letter)) return false;
        if (spec.listing.has(`-${letter}`)) listing = true;
      }
      continue;
    }
    names.push(arg);
  }
  return names.length === 0 || listing;
}

/** `git remote`, `git remote -v`, `git remote show x`, `git remote get-url x`. */
function isReadOnlyRemote(args: readonly string[]): boolean {
  const rest = args.filter((a) => a !== "-v" && a !== "--verbose");
  const sub = rest[0];
  return sub === undefined || sub === "show" || sub === "get-url";
}

const CONFIG_READ_ACTIONS: ReadonlySet<string> = new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "--get-color",
  "--get-colorbool",
  "--list",
  "-l",
]);

const CONFIG_FLAGS: ReadonlySet<string> = new Set([
  "--global",
  "--system",
  "--local",
  "--worktree",
  "--show-origin",
  "--show-scope",
  "--name-only",
  "-z",
  "--null",
  "--includes",
  "--no-includes",
  "--bool",
  "--int",
  "--bool-or-int",
  "--path",
  "--expiry-date",
  "--all",
  "--regexp",
  "--fixed-value",
  "--show-names",
]);

const CONFIG_VALUED: ReadonlySet<string> = new Set([
  "--file",
  "-f",
  "--blob",
  "--type",
  "--default",
  "--value",
  "--url",
]);

/**
 * `git config` reads with `--get*` / `--list` (or the newer `git config get|list`) and writes
 * with anything else (`git config user.name x`, `--unset`, `--add`, `--edit`, …).
 */
function isReadOnlyConfig(args: readonly string[]): boolean {
  let reads = args[0] === "get" || args[0] === "list";
  const start = reads ? 1 : 0;
  for (let i = start; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (!arg.startsWith("-")) continue;
    const name = arg.split("=", 1)[0] ?? arg;
    if (CONFIG_READ_ACTIONS.has(name)) reads = true;
    else if (CONFIG_VALUED.has(name)) {
      if (!arg.includes("=")) i++;
    } else if (!CONFIG_FLAGS.has(name)) return false;
  }
  return reads;
}
