import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { msgpackCodec } from "../../src/bus/msgpack-codec.js";

const roundTrip = (value: unknown) => msgpackCodec.decode(msgpackCodec.encode(value));

describe("msgpackCodec", () => {
  it("keeps a `__proto__` key as data (msgpackr alone renames it `__proto_`), never as a prototype", () => {
    const value = JSON.parse(
      '{"__proto__":{"polluted":true},"__proto_":1,"list":[{"__proto__":"x"}],"n":{"a":{"__proto__":[1]}}}',
    ) as Record<string, unknown>;
    const back = roundTrip(value) as Record<string, unknown>;
    expect(Object.keys(back)).toEqual(["__proto__", "__proto_", "list", "n"]);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(back, "__proto__")?.value).toEqual({ polluted: true });
    expect(back).toEqual(value);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("a payload that only mentions `__proto__` in a value decodes the same through the slow path", () => {
    const value = { text: "__proto__", bytes: new Uint8Array([1, 2]), when: 3 };
    const back = roundTrip(value) as { text: string; bytes: Uint8Array; when: number };
    expect(back.text).toBe("__proto__");
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect([...back.bytes]).toEqual([1, 2]);
    expect(back.when).toBe(3);
  });

  it("round-trips any JSON value exactly, `__proto__` keys included (property)", () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("__proto__", "__proto_", "constructor"));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(key, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const text = JSON.stringify(value);
        expect(JSON.stringify(roundTrip(JSON.parse(text)))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
