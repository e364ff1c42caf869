import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs an example as a user would (through tsx, against the source), with no network. */
async function runExample(file: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--conditions=actorscope-source", "--import", "tsx", `examples/${file}`, ...args],
    { timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } },
  );
  return stdout;
}

describe("examples", () => {
  it("demo.ts streams a multi-step reply, pauses for a permission, and completes", async () => {
    const out = await runExample("demo.ts", "--yes");
    expect(out).toContain("awaiting-confirm");
    expect(out).toContain("reply ended: completed");
  }, 90_000);

  it("statechart.ts walks the statechart through a tool round to idle", async () => {
    const out = await runExample("statechart.ts");
    expect(out.split("\n").filter((line) => line.startsWith("→ "))).toEqual([
      "→ idle",
      "→ compressing",
      "→ reasoning",
      "→ acting",
      "→ compressing",
      "→ reasoning",
      "→ idle",
    ]);
    expect(out).toContain("finished (completed): It is noon.");
  }, 90_000);
});
