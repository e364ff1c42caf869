import { describe, expect, it } from "vitest";
import {
  cacheEntryBytes,
  cacheFile,
  cleanFileCache,
  forgetFile,
  getCache,
  matchesCachedText,
} from "../../../../src/tools/builtin/read-cache/index.js";
import { textDigest } from "../../../../src/tools/state/text-digest.js";
import { ToolContextSchema, type ToolContext } from "../../../../src/tools/index.js";

function context(init: Partial<ToolContext> = {}): ToolContext {
  return ToolContextSchema.parse(init);
}

function paths(ctx: ToolContext): string[] {
  return ctx.read_file_cache.map((entry) => entry.file_path);
}

describe("read cache (spec §5.4)", () => {
  it("§5.4 returns a valid entry and moves it to the end (most recently used)", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["x\n"], 1);
    cacheFile(ctx, "/b", ["y\n"], 2);
    expect(getCache(ctx, "/a", 1)?.digest).toBe(textDigest("x\n"));
    expect(paths(ctx)).toEqual(["/b", "/a"]);
  });

  it("§5.4 drops an entry whose mtime changed, or whose file cannot be stat'ed", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["x\n"], 1);
    cacheFile(ctx, "/b", ["y\n"], 1);
    expect(getCache(ctx, "/a", 2)).toBeNull();
    expect(getCache(ctx, "/b", null)).toBeNull();
    expect(ctx.read_file_cache).toEqual([]);
  });

  it("§5.4 returns null for an unknown path and changes nothing", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["x\n"], 1);
    expect(getCache(ctx, "/nope", 1)).toBeNull();
    expect(paths(ctx)).toEqual(["/a"]);
  });

  it("§5.4 records the text's digest (departure: not its lines), mtime, size in KB and path; skips an unknown mtime", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["héllo\n", "x"], 12.5);
    cacheFile(ctx, "/b", ["y"], null);
    cacheFile(ctx, "/c", { digest: null, bytes: 3 }, 1);
    expect(ctx.read_file_cache).toEqual([
      { updated_at: 12.5, bytes: 8 / 1024, file_path: "/a", digest: textDigest("héllo\nx") },
      { updated_at: 1, bytes: 3, file_path: "/c", digest: null },
    ]);
    expect(cacheEntryBytes(["héllo\n", "x"])).toBe(8 / 1024);
  });

  it("matchesCachedText compares the digest; an entry without one matches any text", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["x\n"], 1);
    cacheFile(ctx, "/big", { digest: null, bytes: 1 }, 1);
    const [a, big] = ctx.read_file_cache;
    expect(matchesCachedText(a!, "x\n")).toBe(true);
    expect(matchesCachedText(a!, "y\n")).toBe(false);
    expect(matchesCachedText(big!, "anything")).toBe(true);
    forgetFile(ctx, "/a");
    expect(paths(ctx)).toEqual(["/big"]);
  });

  it("§5.4 caching a file again replaces its entry and moves it to the end", () => {
    const ctx = context();
    cacheFile(ctx, "/a", ["1"], 1);
    cacheFile(ctx, "/b", ["2"], 1);
    cacheFile(ctx, "/a", ["3"], 2);
    expect(paths(ctx)).toEqual(["/b", "/a"]);
    expect(ctx.read_file_cache[1]?.digest).toBe(textDigest("3"));
  });

  it("§11.61 evicts the oldest entry at max_cache_files; a hit protects an entry", () => {
    const ctx = context({ max_cache_files: 3 });
    for (const name of ["f0", "f1", "f2", "f3"]) cacheFile(ctx, name, [name], 1);
    expect(paths(ctx)).toEqual(["f1", "f2", "f3"]);

    const hit = context({ max_cache_files: 3 });
    for (const name of ["f0", "f1", "f2"]) cacheFile(hit, name, [name], 1);
    expect(getCache(hit, "f0", 1)).not.toBeNull();
    cacheFile(hit, "f3", ["f3"], 1);
    expect(paths(hit)).toEqual(["f2", "f0", "f3"]);
  });

  it("§5.4 evicts the oldest entries while the total would exceed max_cache_bytes (KB)", () => {
    const ctx = context({ max_cache_bytes: 10_001 });
    const kb4000 = ["x".repeat(4000 * 1024)];
    cacheFile(ctx, "/a", kb4000, 1);
    cacheFile(ctx, "/b", kb4000, 1);
    expect(paths(ctx)).toEqual(["/a", "/b"]);
    cacheFile(ctx, "/c", kb4000, 1);
    expect(paths(ctx)).toEqual(["/b", "/c"]);
  });

  it("§5.4 keeps a new entry larger than the whole budget, alone", () => {
    const ctx = context({ max_cache_bytes: 10_001 });
    cacheFile(ctx, "/a", ["a"], 1);
    cacheFile(ctx, "/big", ["x".repeat(10_002 * 1024)], 1);
    expect(paths(ctx)).toEqual(["/big"]);
  });

  it("§5.4 cleanFileCache keeps only the listed paths (none: clears)", () => {
    const ctx = context();
    for (const name of ["/a", "/b", "/c"]) cacheFile(ctx, name, [name], 1);
    cleanFileCache(ctx, new Set(["/c", "/a", "/zzz"]));
    expect(paths(ctx)).toEqual(["/a", "/c"]);
    cleanFileCache(ctx);
    expect(ctx.read_file_cache).toEqual([]);
  });
});
