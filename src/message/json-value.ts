import { z } from "zod";
import { setOwn } from "./own-property.js";

/**
 * How deeply free-form JSON (metadata, structured output, tool parameters, custom event values)
 * may nest. Deeper values are refused where they enter: past a few thousand levels
 * `structuredClone` and `JSON.stringify` overflow the stack, so a message that took one could
 * never be saved again. 100 levels is far beyond any real metadata or JSON schema (serde_json
 * stops at 128, Python's `json` at its recursion limit of about 1000).
 */
export const MAX_JSON_DEPTH = 100;

/** A JSON value as plain data. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** What is wrong with a value that is not JSON data: where (a field path) and what. */
export interface JsonProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

/** The outcome of reading a value as JSON: an independent copy, or the first problem. */
export type JsonCopy = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

/**
 * Reads `value` as JSON data and returns a deep copy, or the first problem: a value nested deeper
 * than `maxDepth`, a cycle, a non-finite number, a function, symbol or BigInt, an object that is
 * not plain (a `Date`, a `Map`, a class instance), `undefined` in an array. Object properties
 * that are `undefined` are left out, as `JSON.stringify` does. Keys are copied as own properties,
 * so a `__proto__` key stays data and never becomes a prototype. A getter or proxy that throws is
 * a problem too, never an escaping exception.
 */
export function copyJson(value: unknown, maxDepth: number = MAX_JSON_DEPTH): JsonCopy {
  const walk = new JsonWalk(maxDepth);
  try {
    const copied = walk.copy(value, 0);
    if (walk.problem === null) return { ok: true, value: copied };
    return { ok: false, problem: walk.problem };
  } catch (error) {
    const message = `Could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, problem: { path: [...walk.path], message } };
  }
}

/** One copy in progress: the path to the current value, its ancestors (for cycles), a problem. */
class JsonWalk {
  readonly path: (string | number)[] = [];
  readonly #ancestors = new Set<object>();
  readonly #maxDepth: number;
  problem: JsonProblem | null = null;

  constructor(maxDepth: number) {
    this.#maxDepth = maxDepth;
  }

  copy(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case "string":
      case "boolean":
        return value;
      case "number":
        return Number.isFinite(value)
          ? value
          : this.#fail(`Expected a finite number, got ${value}`);
      case "object":
        if (value === null) return null;
        break;
      default:
        return this.#fail(`Expected JSON data, got ${typeof value}`);
    }
    if (depth >= this.#maxDepth) return this.#fail(`Nested deeper than ${this.#maxDepth} levels`);
    if (this.#ancestors.has(value)) return this.#fail("Contains a cycle (refers to itself)");
    this.#ancestors.add(value);
    const out = Array.isArray(value) ? this.#array(value, depth) : this.#object(value, depth);
    this.#ancestors.delete(value);
    return out;
  }

  #array(value: readonly unknown[], depth: number): unknown {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length && this.problem === null; i++) {
      this.path.push(i);
      const item = value[i];
      out[i] =
        item === undefined
          ? this.#fail("Expected JSON data, got undefined")
          : this.copy(item, depth + 1);
      if (this.problem === null) this.path.pop();
    }
    return out;
  }

  #object(value: object, depth: number): unknown {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      return this.#fail(`Expected a plain object, got ${describeObject(value)}`);
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      this.path.push(key);
      setOwn(out, key, this.copy(item, depth + 1));
      if (this.problem !== null) break;
      this.path.pop();
    }
    return out;
  }

  /** Records the first problem; the value returned in its place is never used. */
  #fail(message: string): null {
    this.problem ??= { path: [...this.path], message };
    return null;
  }
}

function describeObject(value: object): string {
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? `a ${name}` : "an object with a prototype";
}

function refineJson(value: unknown, ctx: z.RefinementCtx): unknown {
  const result = copyJson(value);
  if (result.ok) return result.value;
  ctx.addIssue({ code: "custom", message: result.problem.message, path: result.problem.path });
  return z.NEVER;
}

/**
 * Any JSON value, checked and copied by {@link copyJson}. The output is a deep copy, so the
 * parsed data never aliases the caller's objects.
 */
export const JsonValueSchema = z
  .custom<JsonValue>(() => true)
  .transform((value, ctx) => refineJson(value, ctx) as JsonValue);

/**
 * A JSON value typed `unknown`: the catch-all of objects that keep extra fields beside typed ones
 * (a thinking block's provider data, a tool schema's `strict`), checked like {@link JsonValueSchema}.
 */
export const JsonFieldSchema = z.unknown().transform(refineJson);

/**
 * A JSON object (metadata and other free-form fields), checked and copied by {@link copyJson}:
 * nested at most {@link MAX_JSON_DEPTH} levels, no cycles, only JSON data, `__proto__` keys kept
 * as data. (Not representable by `z.toJSONSchema` except with `unrepresentable: "any"`.)
 */
export const JsonObjectSchema = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    { error: (issue) => `Invalid input: expected object, received ${kindOf(issue.input)}` },
  )
  .transform((value, ctx) => refineJson(value, ctx) as Record<string, unknown>);

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
