import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { msgpackCodec } from "../../src/bus/index.js";
import { msgpackShapedCopy } from "../../src/bus/msgpack-shaped-copy.js";
import { UserMsg } from "../../src/message/index.js";
import { hostileValue } from "../harness/hostile-json.js";

type Outcome = { ok: true; value: unknown } | { ok: false; code: unknown };

function outcome(fn: () => unknown): Outcome {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, code: (error as { code?: unknown }).code };
  }
}

const roundTrip = (value: unknown): unknown => msgpackCodec.decode(msgpackCodec.encode(value));

/** A value's shape as plain data: prototypes by name, numbers exactly (-0, NaN), keys in order. */
function shape(value: unknown): unknown {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : `n:${String(value)}`;
  if (typeof value === "bigint") return `big:${String(value)}`;
  if (typeof value !== "object" || value === null) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  const kind =
    proto === null
      ? "null-proto"
      : proto === Object.prototype
        ? "Object"
        : Object.prototype.toString.call(value) + value.constructor.name;
  if (value instanceof Date) return { kind, time: value.getTime() };
  if (ArrayBuffer.isView(value))
    return { kind, bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] };
  const keys = Object.keys(value);
  return { kind, entries: keys.map((k) => [k, shape((value as Record<string, unknown>)[k])]) };
}

/** The two give the same shapes: same classes, same keys, same values (or the same typed error). */
function expectSameAsRoundTrip(value: unknown): void {
  const expected = outcome(() => roundTrip(value));
  const actual = outcome(() => msgpackShapedCopy(value));
  expect(actual.ok).toBe(expected.ok);
  if (actual.ok && expected.ok) expect(shape(actual.value)).toEqual(shape(expected.value));
  else expect(actual).toEqual(expected);
}

const withBytes = fc.oneof(
  fc.uint8Array({ maxLength: 16 }),
  fc.constant(Buffer.from([1, 2, 3])),
  fc.constant(new Uint16Array([1, 2])),
  fc.constant(new ArrayBuffer(2)),
);
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.double(),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.constantFrom(-0, 2 ** 53 + 2, 2 ** 64, -(2 ** 63), 4294967296, Number.NaN, Infinity),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\ud800", "a\udc00b", "😀", undefined, null),
  withBytes,
  fc.date({ noInvalidDate: true }),
);
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("node"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("node"), { maxKeys: 4 }),
  ),
})).node;

describe("msgpackShapedCopy", () => {
  it("gives exactly what a msgpack round trip gives, for any data (property)", () => {
    fc.assert(fc.property(tree, expectSameAsRoundTrip), { numRuns: 1_000 });
  });

  it("gives what a msgpack round trip gives for hostile values (property)", () => {
    fc.assert(fc.property(hostileValue, expectSameAsRoundTrip), { numRuns: 500 });
  });

  it("copies a Msg as its wire JSON, like the round trip", () => {
    const msg = new UserMsg({ name: "alice", content: "hi 😀" });
    expectSameAsRoundTrip(msg);
    expectSameAsRoundTrip({ said: [msg, msg] });
    expect(msgpackShapedCopy(msg)).toEqual(msg.toJSON());
  });

  it("leaves keys msgpackr treats specially to the round trip", () => {
    const special = JSON.parse(
      '{"__proto__": {"x": 1}, "toJSON": 1, "hasOwnProperty": 2, "ok": true}',
    ) as unknown;
    expectSameAsRoundTrip(special);
    expectSameAsRoundTrip({ f: () => 1, s: 1n });
    expectSameAsRoundTrip(Object.assign(Object.create(null) as object, { a: [1, { b: 2 }] }));
  });

  it("shares nothing with its input", () => {
    const value = { list: [1, { n: 2 }], bytes: new Uint8Array([1]) };
    const copy = msgpackShapedCopy(value) as typeof value;
    expect(copy).not.toBe(value);
    expect(copy.list).not.toBe(value.list);
    expect(copy.list[1]).not.toBe(value.list[1]);
    expect(copy.bytes).not.toBe(value.bytes);
  });
});
