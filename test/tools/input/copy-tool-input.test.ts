import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyToolInput, parseToolArguments } from "../../../src/tools/index.js";

/** Every node of a value, for checking that a copy shares none with its original. */
function objectsOf(value: unknown, out: Set<object> = new Set()): Set<object> {
  if (typeof value === "object" && value !== null) {
    out.add(value);
    for (const item of Object.values(value)) objectsOf(item, out);
  }
  return out;
}

describe("copyToolInput", () => {
  it("copies parsed arguments as structuredClone does, sharing nothing", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const input = parseToolArguments(JSON.stringify(value));
        const copy = copyToolInput(input);
        expect(copy).toStrictEqual(structuredClone(input));
        expect(Object.keys(copy)).toEqual(Object.keys(input));
        const originals = objectsOf(input);
        for (const node of objectsOf(copy)) expect(originals.has(node)).toBe(false);
      }),
    );
  });

  it("keeps a '__proto__' key as data, as JSON.parse made it", () => {
    const input = parseToolArguments(
      '{"__proto__": {"polluted": true}, "a": [1, {"__proto__": 2}]}',
    );
    const copy = copyToolInput(input);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(copy).toStrictEqual(structuredClone(input));
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("leaves what is not plain JSON data to structuredClone", () => {
    const holey: unknown[] = [1];
    holey[2] = 3;
    const input = { when: new Date(0), list: holey, deep: { a: { b: new Map([[1, 2]]) } } };
    expect(copyToolInput(input)).toStrictEqual(structuredClone(input));
  });

  it("copies a very deep input too", () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    const copy = copyToolInput(deep);
    expect(copy).toStrictEqual(deep);
    expect(copy).not.toBe(deep);
  });
});
