import { ValidationError } from "../errors/index.js";

/**
 * How deeply {@link pythonJsonDumps} follows nested values: Python's default recursion limit,
 * past which `json.dumps` itself gives up.
 */
const MAX_DUMPS_DEPTH = 1000;

/**
 * Python's `json.dumps(value, ensure_ascii=False)` in JavaScript: `", "` between items, `": "`
 * after keys, non-ASCII kept as is; numbers as Python writes them (`1e-05`, `NaN`, `Infinity`;
 * a BigInt as its digits); otherwise `JSON.stringify`'s rules (`toJSON` is called, `undefined`
 * and functions are left out of objects and are `null` in arrays). Tool results (`FunctionTool`)
 * and the token estimate of tool schemas are written this way because the reference writes them
 * so. A number cannot tell Python's `1.0` from `1`: integral numbers are written as integers.
 *
 * A cycle, or nesting deeper than Python's recursion limit, is a `ValidationError` (Python raises
 * too), never a stack overflow.
 *
 * @example
 * pythonJsonDumps({ a: 1, b: [1, 2], c: "é" }); // '{"a": 1, "b": [1, 2], "c": "é"}'
 */
export function pythonJsonDumps(value: unknown): string {
  const parts: string[] = [];
  write(value, parts, new Set(), 0);
  return parts.join("");
}

function write(value: unknown, out: string[], ancestors: Set<object>, depth: number): void {
  switch (typeof value) {
    case "number":
      out.push(pythonNumber(value));
      return;
    case "bigint":
      out.push(value.toString());
      return;
    case "object":
      if (value === null) break;
      writeObject(value, out, ancestors, depth);
      return;
    case "string":
    case "boolean":
      out.push(JSON.stringify(value));
      return;
    default:
      // undefined, functions, symbols: what JSON.stringify gives at the top level or in arrays.
      break;
  }
  out.push("null");
}

function writeObject(value: object, out: string[], ancestors: Set<object>, depth: number): void {
  if (ancestors.has(value)) throw notJson("Circular reference detected");
  if (depth >= MAX_DUMPS_DEPTH) throw notJson(`Nested deeper than ${MAX_DUMPS_DEPTH} levels`);
  ancestors.add(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    write((toJSON as () => unknown).call(value), out, ancestors, depth + 1);
  } else if (Array.isArray(value)) {
    out.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(", ");
      write(value[i], out, ancestors, depth + 1);
    }
    out.push("]");
  } else {
    out.push("{");
    let first = true;
    for (const key of Object.keys(value)) {
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      if (!first) out.push(", ");
      first = false;
      out.push(JSON.stringify(key), ": ");
      write(item, out, ancestors, depth + 1);
    }
    out.push("}");
  }
  ancestors.delete(value);
}

/**
 * A number as Python's `json.dumps` writes it: `NaN`, `Infinity`, `-Infinity`; integral numbers
 * as integers (all their digits, where JavaScript would switch to `1e+21`); other floats in
 * Python's `repr`, which uses exponent notation below 1e-4 with at least two exponent digits
 * (`1e-05`, where JavaScript writes `0.00001`).
 */
function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  if (Number.isInteger(value)) {
    return Math.abs(value) < 1e21 ? String(value === 0 ? 0 : value) : BigInt(value).toString();
  }
  if (Math.abs(value) >= 1e-4) return String(value);
  // toExponential() without digits gives the shortest round-trip digits, as Python's repr does.
  return value.toExponential().replace(/e([+-])(\d)$/, "e$10$2");
}

function notJson(message: string): ValidationError {
  return new ValidationError("JSON value", [{ path: "", message }]);
}
