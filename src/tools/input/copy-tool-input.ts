import type { ToolInput } from "../../permission/index.js";

/** Deeper than this (no tool call nests so deep), the copy is left to `structuredClone`. */
const MAX_DEPTH = 32;

/**
 * A deep copy of a tool call's parsed arguments (what `parseToolArguments` returns: `JSON.parse`
 * output, plain objects and arrays of JSON values), the same as `structuredClone` makes of it
 * — own keys in their order, a `__proto__` key kept as data — at a fraction of its cost for the
 * small inputs tool calls carry (the pipeline copies every call's input for its permission
 * check). Anything that is not plain JSON data is copied by `structuredClone`.
 */
export function copyToolInput(input: ToolInput): ToolInput {
  const copied = copyValue(input, 0);
  return copied === NOT_PLAIN ? structuredClone(input) : (copied as ToolInput);
}

const NOT_PLAIN = Symbol("not plain");

function copyValue(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) {
    return typeof value === "function" || typeof value === "symbol" || typeof value === "bigint"
      ? NOT_PLAIN
      : value;
  }
  if (depth >= MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      // A hole is not JSON (`JSON.parse` never makes one).
      if (!(i in value)) return NOT_PLAIN;
      const item = copyValue(value[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[i] = item;
    }
    // Extra keys on an array are not JSON data either.
    return Object.keys(value).length === value.length ? out : NOT_PLAIN;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyValue((value as Record<string, unknown>)[key], depth + 1);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (key === "__proto__") {
      Object.defineProperty(out, key, {
        value: item,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else {
      out[key] = item;
    }
  }
  // As `structuredClone`: own enumerable string keys only.
  return out;
}
