import { describe, expect, it } from "vitest";
import { isSupportedMediaType, matchesMediaType } from "../../../src/model/index.js";

describe("matchesMediaType (fnmatch patterns)", () => {
  it("matches wildcards, single characters and classes", () => {
    expect(matchesMediaType("image/png", "image/*")).toBe(true);
    expect(matchesMediaType("audio/wav", "image/*")).toBe(false);
    expect(matchesMediaType("image/png", "image/p?g")).toBe(true);
    expect(matchesMediaType("image/jpeg", "image/[jp]*")).toBe(true);
    expect(matchesMediaType("image/gif", "image/[!g]*")).toBe(false);
    expect(matchesMediaType("application/vnd.x+json", "application/vnd.x+json")).toBe(true);
    expect(isSupportedMediaType("text/plain", ["image/*", "text/plain"])).toBe(true);
  });
});
