import { describe, expect, it } from "vitest";
import { isStrictBase64, mergeBase64Chunks } from "../../src/message/index.js";

describe("base64 chunk merging (§6.1)", () => {
  it.each(["", "YQ==", "YWI=", "YWJj", "aGVsbG8gd29ybGQ="])("accepts %j as base64", (text) => {
    expect(isStrictBase64(text)).toBe(true);
  });

  it.each(["abc", "***", "YQ", "Y===", "YQ==YQ==", "YW Jj", "YW-_"])("rejects %j", (text) => {
    expect(isStrictBase64(text)).toBe(false);
  });

  it("merges by bytes, not by text", () => {
    expect(mergeBase64Chunks("YQ==", "Yg==")).toBe("YWI=");
  });

  it("concatenates the texts when either side is not base64", () => {
    expect(mergeBase64Chunks("abc", "def")).toBe("abcdef");
    expect(mergeBase64Chunks("YQ==", "***")).toBe("YQ==***");
  });
});
