import type { Node, Tree } from "web-tree-sitter";
import { parseBashTree } from "./parser.js";

/** Nodes whose children are the words and redirects of one command line. */
const ONE_LINE: ReadonlySet<string> = new Set([
  "command",
  "declaration_command",
  "unset_command",
  "redirected_statement",
]);

/**
 * Newlines the grammar read as spaces: tree-sitter-bash 0.25 joins the line after a pipeline
 * of three or more commands to its last command when that line has a redirect
 * (`a | b | c⏎rm -rf / 2>/dev/null` comes out as `c rm -rf /`), while bash ends the command at
 * the newline, or when the line ends with a comment (`a | b | c # note⏎curl x` comes out as
 * `c curl x`); and after a quoted word it may start the next word with the newline
 * (`'l'"s"⏎cat x` comes out as one command). Returns the offsets of newlines that lie between
 * two children of one command or inside an unquoted word (a backslash-newline is a real
 * continuation and is not counted).
 */
export function joinedLines(root: Node, source: string): number[] {
  const offsets: number[] = [];
  const stack: Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const children = node.children.filter((c) => c !== null);
    if (node.type === "word") {
      // An unquoted word never holds a newline for bash (`\⏎` is removed, a bare ⏎ ends it).
      const text = node.text;
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) {
        if (text.charAt(at - 1) !== "\\") offsets.push(node.startIndex + at);
      }
    } else if (ONE_LINE.has(node.type)) {
      for (let i = 1; i < children.length; i++) {
        const from = children[i - 1]?.endIndex ?? 0;
        const to = children[i]?.startIndex ?? 0;
        for (
          let at = source.indexOf("\n", from);
          at >= 0 && at < to;
          at = source.indexOf("\n", at + 1)
        ) {
          if (source.charAt(at - 1) !== "\\") offsets.push(at);
        }
      }
    }
    stack.push(...children);
  }
  return offsets;
}

/** A parse of a command line, with the text the tree's offsets refer to. */
export interface RepairedParse {
  readonly tree: Tree;
  readonly text: string;
}

/**
 * Parses `source`, and when the grammar joined lines (see {@link joinedLines}), parses it again
 * with those newlines written as `;` — what they mean to bash — and comments on those lines
 * blanked out (they mean nothing to bash, and would swallow the `;`). Offsets stay the same.
 * Returns `null` when that is not possible: a here-document's body starts at such a newline, or
 * the second parse joins lines too; the command is then not analysable.
 */
export function parseWithLineEnds(source: string): RepairedParse | null {
  const tree = parseBashTree(source);
  const joined = joinedLines(tree.rootNode, source);
  if (joined.length === 0) return { tree, text: source };
  // A here-document's body starts at the first newline after its operator: that one stays.
  const nodes = (type: string): { start: number; end: number }[] =>
    tree.rootNode
      .descendantsOfType(type)
      .map((n) => ({ start: n?.startIndex ?? 0, end: n?.endIndex ?? 0 }));
  const heredocs = nodes("heredoc_redirect");
  const comments = nodes("comment");
  tree.delete();
  const sameLine = (start: number, at: number): boolean =>
    start < at && !source.slice(start, at).includes("\n");
  if (joined.some((at) => heredocs.some((h) => sameLine(h.start, at)))) return null;
  let text = source;
  // A comment ends at its newline: blank it out, or the `;` would only extend it.
  for (const comment of comments) {
    if (!joined.some((at) => sameLine(comment.start, at))) continue;
    text =
      text.slice(0, comment.start) +
      " ".repeat(comment.end - comment.start) +
      text.slice(comment.end);
  }
  for (const at of joined) text = `${text.slice(0, at)};${text.slice(at + 1)}`;
  const repaired = parseBashTree(text);
  if (joinedLines(repaired.rootNode, text).length > 0) {
    repaired.delete();
    return null;
  }
  return { tree: repaired, text };
}
