import { Packr } from "msgpackr";

/*
 * msgpackr decodes a map key `__proto__` as `__proto_` (its guard against prototype pollution),
 * which silently changes data: a tool input or a model's JSON holding that key (actorscope's JSON
 * values keep it as data) would arrive renamed, or collide with a real `__proto_` key. Payloads
 * whose bytes hold the text `__proto__` anywhere are decoded here instead, as maps, and rebuilt
 * with the key as an own data property (never a prototype). Every other payload keeps the fast
 * path: the check is one native byte search.
 */

const PROTO = Buffer.from("__proto__", "utf8");

/** The same options as the codec's, but maps decode as `Map`s (keys untouched). */
const mapsPackr = new Packr({ useRecords: false, mapsAsObjects: false, useToJSON: true });

/** Whether the payload may hold a `__proto__` key (it holds the text somewhere). */
export function mayHoldProtoKey(bytes: Uint8Array): boolean {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.indexOf(PROTO) >= 0;
}

/** Decodes a payload that may hold `__proto__` keys, keeping them as data. */
export function unpackKeepingProtoKeys(bytes: Uint8Array): unknown {
  return plain(mapsPackr.unpack(bytes) as unknown);
}

function plain(value: unknown): unknown {
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of value as Map<unknown, unknown>) {
      // As msgpackr's object maps do: a non-string key becomes its string form.
      Object.defineProperty(out, typeof key === "string" ? key : String(key), {
        value: plain(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = plain(value[i]);
    return value;
  }
  return value;
}
