import type { Node } from "web-tree-sitter";
import { PARSE_FAILED, unanalyzable } from "./injection-messages.js";

/**
 * Named node types the analyser understands. Anything else (a loop, a function, `[[ … ]]`,
 * `$(…)`, `${…}`, a subshell, a grammar addition we have not seen) makes the command
 * unanalysable, which is stricter than the reference's list of dangerous node types and reports
 * those with the same message. `[ … ]` (a `test_command` opened by `[`) is the builtin `[`, which
 * the script builder reads as a command (departure 1: `test`/`[` may be read-only).
 */
const KNOWN_NODE_TYPES: ReadonlySet<string> = new Set([
  "program",
  "comment",
  "command",
  "command_name",
  "word",
  "number",
  "string",
  "string_content",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "concatenation",
  "simple_expansion",
  "variable_name",
  "special_variable_name",
  "variable_assignment",
  "variable_assignments",
  "list",
  "pipeline",
  "redirected_statement",
  "file_redirect",
  "file_descriptor",
  "heredoc_redirect",
  "heredoc_start",
  "heredoc_body",
  "heredoc_content",
  "heredoc_end",
  "herestring_redirect",
  "negated_command",
  "compound_statement",
  "declaration_command",
  "unset_command",
  "arithmetic_expansion",
  "binary_expression",
  "unary_expression",
  "postfix_expression",
  "parenthesized_expression",
  "ternary_expression",
  "brace_expression",
  "array",
  "subscript",
]);

const REDIRECT_NODE_TYPES: ReadonlySet<string> = new Set([
  "file_redirect",
  "heredoc_redirect",
  "herestring_redirect",
]);

/** Anything between tokens other than what bash itself skips: space, tab, newline, `\⏎`. */
const ODD_BLANKS = /[^ \t\n\\]/;

/** Text ending in `{name}` right before a redirect operator. */
const NAMED_DESCRIPTOR = /\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * Why a parse tree cannot be analysed statically, or `null`: the first node (in source order)
 * of a type the analyser does not understand, or a place where the tree is not what the shell
 * runs. Nodes are checked before their children, and a node's children are checked for joins
 * before their own types.
 */
export function firstUnanalysable(root: Node, source: string): string | null {
  const first = root.child(0);
  const last = root.child(root.childCount - 1);
  const outside =
    source.slice(0, first?.startIndex ?? source.length) + source.slice(last?.endIndex ?? 0);
  if (ODD_BLANKS.test(outside)) return PARSE_FAILED;
  const stack: Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    // `[ … ]` is reparsed as the command `[` by the script builder, and checked there.
    if (node.type === "test_command" && node.child(0)?.type === "[") continue;
    if (node.isNamed && !KNOWN_NODE_TYPES.has(node.type)) return unanalyzable(node.type);
    // `{fd}>file` opens a descriptor and assigns its number to `fd`; the grammar reads `{fd}` as
    // a word of the command instead.
    if (
      REDIRECT_NODE_TYPES.has(node.type) &&
      NAMED_DESCRIPTOR.test(source.slice(0, node.startIndex))
    ) {
      return PARSE_FAILED;
    }
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child === null || child === undefined) continue;
      const previous = i > 0 ? children[i - 1] : null;
      // tree-sitter reads `a\<newline>b` as two words; the shell reads one. Whatever it means,
      // the tree is not what runs.
      if (previous !== null && previous !== undefined) {
        const gap = source.slice(previous.endIndex, child.startIndex);
        if (/^(?:\\\r?\n)+$/.test(gap)) return PARSE_FAILED;
        // The grammar skips `\r`, `\v`, `\f` like spaces; bash splits words only at spaces, tabs
        // and newlines, and keeps the others inside the word.
        if (ODD_BLANKS.test(gap)) return PARSE_FAILED;
      }
      // `$"…"` (a translated string) comes out as a stray `$` glued to a string, read as two
      // words where the shell reads one. A lone literal `$` (`"5$"`, `a$`) is fine.
      const next = children[i + 1];
      if (
        !child.isNamed &&
        child.type === "$" &&
        node.type !== "simple_expansion" &&
        next?.type === "string" &&
        next.startIndex === child.endIndex
      ) {
        return PARSE_FAILED;
      }
    }
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== null && child !== undefined) stack.push(child);
    }
  }
  return null;
}
