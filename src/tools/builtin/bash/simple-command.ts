import type { ShellWord } from "./shell-word.js";

/** `NAME=value` in front of a command (or given to `env`). */
export interface Assignment {
  readonly name: string;
  /** The value word; `null` for `NAME=` and for array values. */
  readonly value: ShellWord | null;
}

/** One redirection: `2> err.log`, `< in`, `<<EOF`, `<<< "text"`, `>&2`. */
export interface Redirect {
  /** The operator as written: `>`, `>>`, `<`, `&>`, `&>>`, `>|`, `>&`, `<&`, `<>`, `<<`, `<<<`, … */
  readonly operator: string;
  /** The file descriptor in front of the operator (`2` in `2>`), if any. */
  readonly descriptor: string | null;
  /** The destination word; `null` for here-documents and for closing (`>&-`). */
  readonly target: ShellWord | null;
  readonly kind: "file" | "heredoc" | "herestring";
  /**
   * What a here-document or here-string feeds the command, when known statically (the body of
   * a quoted `<<'EOF'`, or of an unquoted one without expansions); `null` otherwise, and for
   * file redirects.
   */
  readonly text: string | null;
  /** An unquoted here-document's body as written, for the expansions in it; absent otherwise. */
  readonly expandable?: string | null;
}

/**
 * What made a command: a `command` node (`command`), a declaration, `unset`, a bare assignment
 * or a bare redirect (`declaration`), or the command `find -exec` runs (`find-exec`).
 */
export type CommandOrigin = "command" | "declaration" | "find-exec";

/**
 * The directories a command may run in, as `cd` steps from the tool's working directory: each
 * entry is one possibility (`[]` = the working directory itself, `["/tmp", "x"]` = `/tmp/x`).
 * `cd` may fail and the next command still run, so a `cd` adds a possibility rather than
 * replacing one. `null` when a `cd` went somewhere only the running shell knows (`cd "$D"`).
 */
export type DirectoryCandidates = readonly (readonly string[])[] | null;

/** One simple command of the parsed command line: what runs, with which words and redirects. */
export interface SimpleCommand {
  /** The command's source text. */
  readonly text: string;
  readonly assignments: readonly Assignment[];
  /** The command name; `null` for a bare assignment (`X=1`) or redirect (`> f`). */
  readonly name: ShellWord | null;
  readonly args: readonly ShellWord[];
  /** Its own redirects and those of every enclosing redirected statement. */
  readonly redirects: readonly Redirect[];
  readonly origin: CommandOrigin;
  /** 0 for the command line itself, 1 inside its `sh -c '…'`, and so on. */
  readonly depth: number;
  readonly directories: DirectoryCandidates;
  /** Whether its standard input comes from a pipe (`… | cmd`), unless a redirect replaces it. */
  readonly pipedInput: boolean;
  /** Whether its standard output goes into a pipe (`cmd | …`). */
  readonly pipedOutput: boolean;
}
