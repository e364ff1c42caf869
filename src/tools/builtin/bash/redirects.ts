import type { Node } from "web-tree-sitter";
import { readWord } from "./shell-word.js";
import type { Assignment, Redirect } from "./simple-command.js";

/** The node types of redirections. */
export const REDIRECT_TYPES: ReadonlySet<string> = new Set([
  "file_redirect",
  "heredoc_redirect",
  "herestring_redirect",
]);

/** `NAME=value` as an {@link Assignment}. */
export function readAssignment(node: Node): Assignment {
  const nameNode = node.childForFieldName("name");
  const valueNode = node.childForFieldName("value");
  return {
    name: nameNode?.text ?? "",
    value: valueNode === null ? null : readWord(valueNode),
  };
}

/** A redirect node as {@link Redirect}s (a here-document may carry file redirects inside it). */
export function readRedirects(node: Node): Redirect[] {
  if (node.type === "herestring_redirect") {
    const target = node.namedChildren.find((c) => c !== null) ?? null;
    return [
      {
        operator: "<<<",
        descriptor: null,
        target: target === null ? null : readWord(target),
        kind: "herestring",
      },
    ];
  }
  if (node.type === "heredoc_redirect") {
    const operator = node.children.find((c) => c !== null && !c.isNamed)?.type ?? "<<";
    const inner = node.namedChildren
      .filter((c) => c !== null && c.type === "file_redirect")
      .flatMap((c) => (c === null ? [] : readRedirects(c)));
    return [{ operator, descriptor: null, target: null, kind: "heredoc" }, ...inner];
  }
  const descriptor = node.childForFieldName("descriptor");
  const destination = node.childForFieldName("destination");
  const operator = node.children.find((c) => c !== null && !c.isNamed)?.type ?? ">";
  return [
    {
      operator,
      descriptor: descriptor?.text ?? null,
      target: destination === null ? null : readWord(destination),
      kind: "file",
    },
  ];
}
