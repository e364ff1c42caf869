import type { SimpleCommand } from "./simple-command.js";

/**
 * What a command reads on its standard input: a static text (a here-document or here-string
 * known statically), a file (`< script.sh`), or something only the running shell knows (a pipe,
 * a here-document with expansions, a duplicated descriptor, the tool's own input).
 */
export type StandardInput =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "file" }
  | { readonly kind: "unknown"; readonly why: string };

/** Paths that name the reading process's own standard input. */
export const STDIN_PATHS: ReadonlySet<string> = new Set([
  "-",
  "/dev/stdin",
  "/dev/fd/0",
  "/proc/self/fd/0",
  "/proc/thread-self/fd/0",
]);

/**
 * The standard input of `command`: the last redirect of descriptor 0 wins (`cmd <a <<EOF` reads
 * the here-document), then the pipe it stands in, then the shell's own input — which the Bash
 * tool leaves empty, but an earlier `exec <…` may have replaced, so it counts as unknown.
 */
export function standardInput(command: SimpleCommand): StandardInput {
  for (let i = command.redirects.length - 1; i >= 0; i--) {
    const redirect = command.redirects[i];
    if (redirect === undefined) continue;
    const descriptor = redirect.descriptor ?? (redirect.operator.startsWith("<") ? "0" : null);
    if (descriptor !== "0") continue;
    if (redirect.kind !== "file") {
      return redirect.text === null
        ? { kind: "unknown", why: "heredoc_redirect" }
        : { kind: "text", text: redirect.text };
    }
    if (redirect.operator === "<&") return { kind: "unknown", why: "file_redirect" };
    const target = redirect.target?.value ?? null;
    if (target === null || STDIN_PATHS.has(target))
      return { kind: "unknown", why: "file_redirect" };
    return { kind: "file" };
  }
  return command.pipedInput
    ? { kind: "unknown", why: "pipeline" }
    : { kind: "unknown", why: "standard_input" };
}
