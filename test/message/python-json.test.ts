import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import { pythonJsonDumps } from "../../src/message/index.js";

describe("pythonJsonDumps (json.dumps(value, ensure_ascii=False))", () => {
  it("spaces items and keys as Python does and keeps non-ASCII as is", () => {
    expect(pythonJsonDumps({ a: [1, 2, { b: null }], c: 'é\n"', d: true, e: [] })).toBe(
      '{"a": [1, 2, {"b": null}], "c": "é\\n\\"", "d": true, "e": []}',
    );
    expect(pythonJsonDumps({})).toBe("{}");
    expect(pythonJsonDumps("日本語")).toBe('"日本語"');
  });

  it("writes numbers as Python does: NaN, Infinity, small floats with two exponent digits", () => {
    expect(pythonJsonDumps([NaN, Infinity, -Infinity])).toBe("[NaN, Infinity, -Infinity]");
    expect(pythonJsonDumps([0.5, 1e-4, 1e-5, 0.00001234, 1.5e-7, 1e-100])).toBe(
      "[0.5, 0.0001, 1e-05, 1.234e-05, 1.5e-07, 1e-100]",
    );
    expect(pythonJsonDumps([-0, 3, 1e21, 2 ** 70])).toBe(
      "[0, 3, 1000000000000000000000, 1180591620717411303424]",
    );
  });

  it("writes a BigInt as its digits (Python ints have no size limit)", () => {
    expect(pythonJsonDumps({ n: 12345678901234567890n })).toBe('{"n": 12345678901234567890}');
  });

  it("follows JSON.stringify for what Python has no equivalent of", () => {
    const date = new Date(Date.UTC(2024, 0, 2));
    expect(pythonJsonDumps({ at: date, f: () => 1, u: undefined })).toBe(
      '{"at": "2024-01-02T00:00:00.000Z"}',
    );
    expect(pythonJsonDumps([undefined, () => 1])).toBe("[null, null]");
  });

  it("refuses a cycle with a typed error, as Python raises ValueError", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    expect(() => pythonJsonDumps(cyclic)).toThrow(ValidationError);
    expect(() => pythonJsonDumps(cyclic)).toThrow(/Circular reference detected/);
  });

  it("refuses nesting past Python's recursion limit with a typed error, never a stack overflow", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => pythonJsonDumps(deep)).toThrow(ValidationError);
  });

  it("writes shared (not cyclic) references twice, as Python does", () => {
    const shared = { x: 1 };
    expect(pythonJsonDumps([shared, shared])).toBe('[{"x": 1}, {"x": 1}]');
  });
});
