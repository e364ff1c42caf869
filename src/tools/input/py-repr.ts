/*
 * Python's renderings of JSON values. Several reference messages embed Python's `repr()` of the
 * model's own arguments (`'hot' is not of type 'number'`, the JSON-decode reminder); models read
 * these texts, so they are reproduced rather than replaced by JavaScript's renderings.
 */

/** Python's `repr()` of a JSON value (`'a'`, `True`, `None`, `[1, 2]`, `{'k': 'v'}`). */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "string") return pyStrRepr(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return pyNumberRepr(value);
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`);
    return `{${entries.join(", ")}}`;
  }
  // Not JSON (a function or a symbol): never in tool inputs, named only for completeness.
  return `<${typeof value}>`;
}

/** Python's `repr()` of a str: single quotes unless the text has `'` and no `"`. */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (isPrintable(ch)) out += ch;
    else out += escapeCodePoint(ch.codePointAt(0) ?? 0);
  }
  return out + quote;
}

/** Python's `type(value)` rendering for a JSON value: `<class 'str'>`, `<class 'NoneType'>`. */
export function pyTypeRepr(value: unknown): string {
  return `<class '${pyTypeName(value)}'>`;
}

/** Python's type name for a JSON value: `str`, `int`, `float`, `bool`, `NoneType`, `list`, `dict`. */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "bigint") return "int";
  if (Array.isArray(value)) return "list";
  return "dict";
}

function pyNumberRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  return String(value);
}

/** Python's `str.isprintable()` for one character: not a control, format or separator (but space). */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function isPrintable(ch: string): boolean {
  return ch === " " || !NON_PRINTABLE.test(ch);
}

function escapeCodePoint(code: number): string {
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}
