import type { Node } from "web-tree-sitter";

/** A here-document as the shell will feed it: its text when static, or what expands in it. */
export interface HeredocBody {
  /** The text the command reads; `null` when part of it is only known at run time. */
  readonly text: string | null;
  /**
   * The first expansion that hides a command or changes the shell (`command_substitution` for
   * `` `…` `` and `$(…)`, `expansion` for `${…}`, `arithmetic_expansion` for `$((…))` and
   * `$[…]`), or `null`. Plain `$NAME` is allowed, as in words: it only makes `text` unknown.
   */
  readonly unanalysable: string | null;
  /** An unquoted body as written (it expands like a double-quoted string); `null` when quoted. */
  readonly expandable: string | null;
}

/**
 * Reads a `heredoc_redirect` node (departure 6). A delimiter with any quoting (`<<'EOF'`,
 * `<<"EOF"`, `<<\EOF`, `<<E"OF"`) makes the body literal; otherwise the shell expands it like a
 * double-quoted string, so its command substitutions run — including backquotes, which the
 * grammar leaves inside the body's text. `<<-` strips leading tabs.
 */
export function readHeredoc(node: Node): HeredocBody {
  let start: Node | null = null;
  let body: Node | null = null;
  let stripTabs = false;
  for (const child of node.children) {
    if (child === null) continue;
    if (child.type === "heredoc_start") start = child;
    else if (child.type === "heredoc_body") body = child;
    else if (child.type === "<<-") stripTabs = true;
  }
  let raw = body?.text ?? "";
  if (stripTabs) raw = raw.replace(/^\t+/gm, "");
  const quoted = start === null || /['"\\]/.test(start.text);
  return quoted
    ? { text: raw, unanalysable: null, expandable: null }
    : { ...expandBody(raw), expandable: raw };
}

/** An unquoted body: `\` escapes only `$`, `` ` ``, `\` and newline; `$`/`` ` `` expand. */
function expandBody(raw: string): Omit<HeredocBody, "expandable"> {
  let text = "";
  let known = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    const next = raw.charAt(i + 1);
    if (c === "\\" && (next === "$" || next === "`" || next === "\\" || next === "\n")) {
      if (next !== "\n") text += next;
      i++;
      continue;
    }
    if (c === "`") return { text: null, unanalysable: "command_substitution" };
    if (c === "$") {
      if (next === "(") {
        const arithmetic = raw.charAt(i + 2) === "(";
        return {
          text: null,
          unanalysable: arithmetic ? "arithmetic_expansion" : "command_substitution",
        };
      }
      if (next === "{") return { text: null, unanalysable: "expansion" };
      if (next === "[") return { text: null, unanalysable: "arithmetic_expansion" };
      if (/[A-Za-z0-9_@*#?$!-]/.test(next)) known = false;
    }
    text += c;
  }
  return { text: known ? text : null, unanalysable: null };
}
