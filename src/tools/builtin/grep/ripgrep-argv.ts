import type { GrepInput } from "./grep-input.js";

/** Version-control directories never searched. */
export const VCS_DIRECTORIES_TO_EXCLUDE: readonly string[] = [
  ".git",
  ".svn",
  ".hg",
  ".bzr",
  ".jj",
  ".sl",
];

/**
 * The ripgrep command line of a Grep call (spec §5.6), in the reference's order: hidden files
 * searched, VCS directories excluded, lines capped at 500 columns; then multiline, case, output
 * mode, line numbers and context (content mode only), the pattern (after `-e` when it starts with
 * `-`, so it is not read as an option), the file type, the globs (whitespace-separated, each split
 * on commas unless it holds braces), then `excludes` (departure 8: the credential files kept out
 * of a directory search, see `secretExcludeGlobs`; none in the reference), and the path.
 */
export function ripgrepArgv(
  input: GrepInput,
  searchPath: string,
  excludes: readonly string[] = [],
): string[] {
  const argv = ["rg", "--hidden"];
  for (const directory of VCS_DIRECTORIES_TO_EXCLUDE) argv.push("--glob", `!${directory}`);
  argv.push("--max-columns", "500");
  if (input.multiline) argv.push("-U", "--multiline-dotall");
  if (input.i || input.case_insensitive) argv.push("-i");
  if (input.output_mode === "files_with_matches") argv.push("-l");
  else if (input.output_mode === "count") argv.push("-c");
  if (input.n && input.output_mode === "content") argv.push("-n");
  if (input.output_mode === "content") {
    if (input.context !== undefined) argv.push("-C", String(input.context));
    else if (input["-C"] !== undefined) argv.push("-C", String(input["-C"]));
    else {
      if (input["-B"] !== undefined) argv.push("-B", String(input["-B"]));
      if (input["-A"] !== undefined) argv.push("-A", String(input["-A"]));
    }
  }
  if (input.pattern.startsWith("-")) argv.push("-e", input.pattern);
  else argv.push(input.pattern);
  if (input.type !== undefined) argv.push("--type", input.type);
  if (input.glob !== undefined) {
    for (const glob of globPatterns(input.glob)) argv.push("--glob", glob);
  }
  argv.push(...excludes, searchPath);
  return argv;
}

/** `"*.ts *.tsx"`, `"*.ts,*.tsx"` → two globs; `"*.{ts,tsx}"` stays one. */
export function globPatterns(glob: string): string[] {
  const patterns: string[] = [];
  for (const raw of glob.split(/\s+/).filter((p) => p !== "")) {
    if (raw.includes("{") && raw.includes("}")) patterns.push(raw);
    else patterns.push(...raw.split(",").filter((p) => p !== ""));
  }
  return patterns;
}
