import type { Node } from "web-tree-sitter";
import { hasArithmeticEffects } from "./arithmetic-effects.js";

/**
 * One shell word (a command name, an argument, a redirect target) as the shell will see it after
 * quote removal. `value` is what the program receives when it is known statically; a word with
 * an expansion (`$HOME`, `${x}`, `$(…)`, `{a,b}`, `~user`) has no static value, and the checks
 * treat it as unknown rather than guessing.
 */
export interface ShellWord {
  /** The word as written in the command. */
  readonly text: string;
  /** The word after quote removal and escapes; `null` when only the running shell knows it. */
  readonly value: string | null;
  /** The tree-sitter node type of the word (`word`, `string`, `raw_string`, `number`, …). */
  readonly nodeType: string;
  /** Whether an unquoted `*`, `?` or `[…]` lets the shell replace the word by file names. */
  readonly glob: boolean;
  /** Whether any part was quoted or escaped. */
  readonly quoted: boolean;
  /** What made `value` unknown: a node type (`simple_expansion`, `brace_expression`, …). */
  readonly dynamic: string | null;
  /**
   * Whether expanding the word may change the shell or run code hidden in a variable: an
   * arithmetic expansion that assigns (`$((X=1))`, `$[i++]`) or reads a variable (`$((x))`, which
   * bash evaluates recursively, so `x='a[$(id)]'` runs `id`). Absent means `false`.
   */
  readonly sideEffects?: boolean;
}

interface Segment {
  readonly text: string;
  readonly quoted: boolean;
}

/** Node types that the shell replaces at run time. */
const EXPANSIONS: ReadonlySet<string> = new Set([
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
  "brace_expression",
]);

/**
 * Reads a word node into a {@link ShellWord}: single quotes, double quotes (with their four
 * escapes), ANSI-C `$'…'` strings, backslash escapes and concatenations are all undone.
 */
export function readWord(node: Node): ShellWord {
  const segments: Segment[] = [];
  const dynamic = collect(node, segments);
  const quoted = segments.some((s) => s.quoted);
  const glob = hasUnquotedGlob(segments);
  let value: string | null = null;
  let why = dynamic;
  if (why === null) why = braceExpansion(segments) ? "brace_expression" : null;
  if (why === null) why = tildeExpansion(segments) ? "tilde_expansion" : null;
  if (why === null) value = segments.map((s) => s.text).join("");
  const sideEffects = dynamic !== null && hasArithmeticEffects(node);
  return { text: node.text, value, nodeType: node.type, glob, quoted, dynamic: why, sideEffects };
}

/** A word made of literal text (for words the analyser synthesises, such as `eval` scripts). */
export function literalWord(text: string): ShellWord {
  return {
    text,
    value: text,
    nodeType: "word",
    glob: false,
    quoted: false,
    dynamic: null,
    sideEffects: false,
  };
}

/** Appends the segments of `node`; returns the node type of the first expansion met, if any. */
function collect(node: Node, out: Segment[]): string | null {
  const type = node.type;
  if (EXPANSIONS.has(type)) return type;
  switch (type) {
    case "word":
    case "command_name":
      if (node.namedChildCount > 0) return collectChildren(node, out);
      unescapeWord(node.text, out);
      return null;
    case "number":
      out.push({ text: node.text, quoted: false });
      return null;
    case "raw_string":
      out.push({ text: node.text.slice(1, -1), quoted: true });
      return null;
    case "ansi_c_string":
      out.push({ text: decodeAnsiC(node.text.slice(2, -1)), quoted: true });
      return null;
    case "string":
    case "translated_string":
      return collectString(node, out);
    case "concatenation":
      return collectChildren(node, out);
    default:
      return type;
  }
}

function collectChildren(node: Node, out: Segment[]): string | null {
  for (const child of node.children) {
    if (child === null) continue;
    if (!child.isNamed) {
      // A literal character the grammar keeps as a token of its own (`$` in `a$`).
      out.push({ text: child.text, quoted: false });
      continue;
    }
    const dynamic = collect(child, out);
    if (dynamic !== null) return dynamic;
  }
  return null;
}

/** A double-quoted string: only `\\`, `\"`, `\$`, `` \` `` and `\newline` are escapes inside. */
function collectString(node: Node, out: Segment[]): string | null {
  // An empty "" still makes the word quoted (and present: `rm ""` passes one empty argument).
  out.push({ text: "", quoted: true });
  for (const child of node.children) {
    if (child === null) continue;
    if (!child.isNamed) {
      if (child.type !== '"' && child.type !== '$"') out.push({ text: child.text, quoted: true });
      continue;
    }
    if (child.type === "string_content") {
      out.push({
        text: child.text.replace(/\\([\\"$`\n])/g, unescapeInDoubleQuotes),
        quoted: true,
      });
      continue;
    }
    return child.type;
  }
  return null;
}

function unescapeInDoubleQuotes(_match: string, char: string): string {
  return char === "\n" ? "" : char;
}

/** An unquoted word: a backslash quotes the next character; backslash-newline disappears. */
function unescapeWord(text: string, out: Segment[]): void {
  let plain = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "\\" && i + 1 < text.length) {
      if (plain !== "") out.push({ text: plain, quoted: false });
      plain = "";
      const next = text.charAt(++i);
      if (next !== "\n") out.push({ text: next, quoted: true });
    } else {
      plain += c;
    }
  }
  if (plain !== "") out.push({ text: plain, quoted: false });
}

/**
 * Unquoted `*`, `?`, a `[…]` class, or an extglob group (`@(…)`, `!(…)`, `+(…)`; `*(…)` and
 * `?(…)` start with a glob character already): the shell may replace the word by file names.
 */
function hasUnquotedGlob(segments: readonly Segment[]): boolean {
  const mask = unquotedMask(segments);
  return /[*?]/.test(mask) || /\[[^\]]*\]/.test(mask) || /[@!+]\(/.test(mask);
}

/** Unquoted `{a,b}` or `{1..3}`: brace expansion makes several words out of one. */
function braceExpansion(segments: readonly Segment[]): boolean {
  return /\{[^{}]*(?:,|\.\.)[^{}]*\}/.test(unquotedMask(segments));
}

/** `~user`, `~+`, `~-`: a tilde prefix other than the current user's home. */
function tildeExpansion(segments: readonly Segment[]): boolean {
  const first = segments.find((s) => s.text !== "");
  if (first === undefined || first.quoted || !first.text.startsWith("~")) return false;
  const prefix = first.text.split("/", 1)[0] ?? "";
  return prefix !== "~";
}

/** The word's text with every quoted character replaced by NUL, so patterns see only the rest. */
function unquotedMask(segments: readonly Segment[]): string {
  return segments.map((s) => (s.quoted ? "\u0000".repeat(s.text.length) : s.text)).join("");
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\u0007",
  b: "\b",
  e: "\u001b",
  E: "\u001b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Decodes the body of a bash `$'…'` string. Bash stops a word at a NUL byte, and so do we. */
export function decodeAnsiC(body: string): string {
  let out = "";
  let i = 0;
  while (i < body.length) {
    const c = body.charAt(i++);
    if (c !== "\\" || i >= body.length) {
      out += c;
      continue;
    }
    const e = body.charAt(i++);
    const simple = SIMPLE_ESCAPES[e];
    let code: number | undefined;
    if (simple !== undefined) {
      out += simple;
      continue;
    } else if (e >= "0" && e <= "7") {
      const digits = /^[0-7]{0,2}/.exec(body.slice(i))?.[0] ?? "";
      i += digits.length;
      code = parseInt(e + digits, 8) & 0xff;
    } else if (e === "x" || e === "u" || e === "U") {
      const max = e === "x" ? 2 : e === "u" ? 4 : 8;
      const digits = new RegExp(`^[0-9a-fA-F]{1,${max}}`).exec(body.slice(i))?.[0];
      if (digits === undefined) {
        out += "\\" + e;
        continue;
      }
      i += digits.length;
      code = parseInt(digits, 16);
    } else if (e === "c" && i < body.length) {
      code = body.charCodeAt(i++) & 0x1f;
    } else {
      out += "\\" + e;
      continue;
    }
    if (code === 0) return out;
    out += code > 0x10ffff ? "\ufffd" : String.fromCodePoint(code);
  }
  return out;
}
