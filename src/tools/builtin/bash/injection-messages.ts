/** The reason given when a command line does not parse (or nests too deep to follow). */
export const PARSE_FAILED = "Command parsing failed, cannot verify safety";

/** The reason given when a command line contains `type`, which static analysis cannot follow. */
export function unanalyzable(type: string): string {
  return `Command contains ${type} which cannot be statically analyzed`;
}
