import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";

describe("actorscope command", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("prints help and exits 0 with no arguments or --help", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await main([])).toBe(0);
    expect(await main(["--help"])).toBe(0);
    expect(String(log.mock.calls[0]?.[0])).toContain("Usage: actorscope <command>");
  });

  it("prints the package version", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await main(["--version"])).toBe(0);
    expect(log.mock.calls[0]?.[0]).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("exits 2 on an unknown command, after printing help", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await main(["frobnicate"])).toBe(2);
  });
});
