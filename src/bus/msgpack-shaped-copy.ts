import { msgpackCodec } from "./msgpack-codec.js";

/** Returned by the fast path for a value it does not copy itself. */
const BAIL: unique symbol = Symbol("bail");
/** `String.prototype.isWellFormed` (Node 20+; the ES2024 lib is not in our compiler settings). */
interface WellFormedCheck {
  isWellFormed(): boolean;
}

/** Deeper than this, the fast path gives up (and the codec decides: a cycle is its to refuse). */
const MAX_DEPTH = 64;

/**
 * What a msgpack round trip (`msgpackCodec.decode(msgpackCodec.encode(value))`) gives, without
 * the bytes: the in-process bus's default payload copy. JSON-like data, `Uint8Array` (copied as a
 * `Buffer`, as msgpackr decodes it) and objects with `toJSON` (a `Msg`) are copied directly; any
 * other value (a `Date`, a `Map`, a `__proto__` key, an ill-formed string, a cycle, a getter that
 * throws, …) goes through the real round trip, so the shapes, and the `BUS_CODEC` refusals, are
 * identical either way (a property test checks it). Four to ten times faster than the round trip
 * on events, `Msg`s and tool results.
 */
export function msgpackShapedCopy(value: unknown): unknown {
  let copied: unknown;
  try {
    copied = copy(value, 0);
  } catch {
    // A getter or proxy that throws: the codec reads it again and says so with BUS_CODEC.
    copied = BAIL;
  }
  return copied === BAIL ? msgpackCodec.decode(msgpackCodec.encode(value)) : copied;
}

function copy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case "string":
      // msgpack carries UTF-8: a lone surrogate would come back as U+FFFD.
      return (value as unknown as WellFormedCheck).isWellFormed() ? value : BAIL;
    case "number":
      return value === 0 ? 0 : value; // -0 travels as the integer 0
    case "boolean":
    case "undefined":
      return value;
    case "object":
      if (value === null) return null;
      return depth >= MAX_DEPTH ? BAIL : copyObject(value, depth + 1);
    default:
      return BAIL; // bigint, symbol, function: the codec's rules apply
  }
}

function copyObject(value: object, depth: number): unknown {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Array.prototype) return copyArray(value as unknown[], depth);
  if (proto === Object.prototype || proto === null) return copyPlain(value, depth);
  if (proto === Uint8Array.prototype || proto === Buffer.prototype) {
    return Buffer.from(value as Uint8Array);
  }
  // A class instance with `toJSON` (a Msg) travels as what it returns, as msgpackr packs it;
  // instances of classes msgpackr has extensions for keep the codec's own rules.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== "function" || hasExtension(value)) return BAIL;
  const json: unknown = toJSON.call(value);
  return json === value ? BAIL : copy(json, depth);
}

function copyArray(value: readonly unknown[], depth: number): unknown {
  const length = value.length;
  const out: unknown[] = new Array<unknown>(length);
  for (let i = 0; i < length; i++) {
    const item = copy(value[i], depth);
    if (item === BAIL) return BAIL;
    out[i] = item;
  }
  return out;
}

function copyPlain(value: object, depth: number): unknown {
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    // msgpackr renames `__proto__`, packs a plain object's own `toJSON` as a value, and trusts
    // an own `hasOwnProperty`: leave those to it.
    if (key === "__proto__" || key === "toJSON" || key === "hasOwnProperty") return BAIL;
    const item = copy(source[key], depth);
    if (item === BAIL) return BAIL;
    out[key] = item;
  }
  return out;
}

function hasExtension(value: object): boolean {
  return (
    value instanceof Date ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof Error ||
    value instanceof RegExp ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value)
  );
}
