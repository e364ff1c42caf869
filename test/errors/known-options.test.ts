import { describe, expect, it } from "vitest";
import { ValidationError, assertKnownOptions, nearestKey } from "../../src/errors/index.js";

const KNOWN = new Set(["model", "apiKey", "baseURL", "stream", "contextSize"]);

describe("assertKnownOptions", () => {
  it("accepts known keys and non-objects", () => {
    expect(() => {
      assertKnownOptions({ model: "m", baseURL: undefined }, KNOWN, "X");
    }).not.toThrow();
    expect(() => {
      assertKnownOptions(undefined, KNOWN, "X");
    }).not.toThrow();
  });

  it("refuses an unknown key with a ValidationError naming it and the nearest known one", () => {
    let error: unknown;
    try {
      assertKnownOptions({ model: "m", baseUrl: "http://x" }, KNOWN, "OpenAIChatModel options");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.code).toBe("VALIDATION_FAILED");
    expect(v.issues).toEqual([
      { path: "baseUrl", message: 'Unknown option "baseUrl"; did you mean "baseURL"?' },
    ]);
    expect(v.message).toContain("OpenAIChatModel options");
  });

  it("counts a key set to undefined, and gives no hint when nothing is close", () => {
    expect(() => {
      assertKnownOptions({ zzzzzz: undefined }, KNOWN, "X");
    }).toThrow('Unknown option "zzzzzz"');
    expect(() => {
      assertKnownOptions({ zzzzzz: 1 }, KNOWN, "X");
    }).not.toThrow(/did you mean/);
  });
});

describe("nearestKey", () => {
  it("prefers a case/underscore fold, then a small edit distance", () => {
    expect(nearestKey("api_key", KNOWN)).toBe("apiKey");
    expect(nearestKey("strem", KNOWN)).toBe("stream");
    expect(nearestKey("contextsize", KNOWN)).toBe("contextSize");
    expect(nearestKey("q", KNOWN)).toBeNull();
  });

  it("counts a swap of two neighbouring letters as one edit (`nmae` is `name`)", () => {
    expect(nearestKey("nmae", ["name", "model", "state"])).toBe("name");
    expect(nearestKey("modle", ["name", "model"])).toBe("model");
  });
});
