import type { ParsedScript } from "./script.js";
import type { Redirect, SimpleCommand } from "./simple-command.js";

/** The commands of a script one redirect applies to, in source order. */
export interface RedirectHolders {
  /** The first: the redirect is opened before it runs, in its directory. */
  readonly first: SimpleCommand;
  /** The last: the redirect is written after it (`{ a; b; } > out`), so it belongs there. */
  readonly last: SimpleCommand;
}

/**
 * Which commands each redirect of `script` applies to. A redirect around a group (`{ a; b; } >
 * out`) is shared by every command inside it; the builder gives each of them the same object.
 */
export function redirectHolders(script: ParsedScript): Map<Redirect, RedirectHolders> {
  const holders = new Map<Redirect, RedirectHolders>();
  for (const command of script.commands) {
    for (const redirect of command.redirects) {
      const known = holders.get(redirect);
      holders.set(redirect, { first: known?.first ?? command, last: command });
    }
  }
  return holders;
}

/** A redirect as it could be written: `2> err.log`, `>&2`, `<<< "text"`, `<<` (a here-document). */
export function redirectText(redirect: Redirect): string {
  const operator = (redirect.descriptor ?? "") + redirect.operator;
  if (redirect.target === null) return operator;
  return operator.endsWith("&")
    ? operator + redirect.target.text
    : `${operator} ${redirect.target.text}`;
}
