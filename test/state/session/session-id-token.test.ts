import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeIdToken } from "../../../src/state/index.js";

describe("encodeIdToken", () => {
  it("keeps plain ids and escapes the rest into =XX / =uXXXX", () => {
    expect(encodeIdToken("Friday_1-a", "id")).toBe("Friday_1-a");
    expect(encodeIdToken("../x", "id")).toBe("=2E=2E=2Fx");
    expect(encodeIdToken("\u0000", "id")).toBe("=00");
    expect(encodeIdToken("=", "id")).toBe("=3D");
    expect(encodeIdToken("é\ud800", "id")).toBe("=E9=uD800");
    expect(encodeIdToken("x".repeat(10_000), "id")).toMatch(/^==[0-9a-f]{64}$/);
  });

  it("refuses an empty id with a typed error", () => {
    expect(() => encodeIdToken("", "session id")).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
  });

  it("gives distinct ids distinct tokens, of a safe alphabet and bounded length (property)", () => {
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 80, unit: "binary" }),
      fc.string({ minLength: 1, maxLength: 400 }),
      fc.constantFrom("=2E", ".", "..", "=", "==", "a".repeat(160), "a".repeat(161)),
    );
    fc.assert(
      fc.property(id, id, (a, b) => {
        const ta = encodeIdToken(a, "id");
        const tb = encodeIdToken(b, "id");
        expect(ta).toMatch(/^[A-Za-z0-9_=-]{1,160}$|^==[0-9a-f]{64}$/);
        expect(ta === tb).toBe(a === b);
      }),
      { numRuns: 300 },
    );
  });
});
