import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import {
  LocalBackend,
  type RunOptions,
  type RunResult,
} from "../../../../src/tools/backends/index.js";
import { Grep } from "../../../../src/tools/builtin/grep/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

async function repo(files: Record<string, string>): Promise<string> {
  const base = await makeTempDir();
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(base, name, ".."), { recursive: true });
    await writeFile(join(base, name), content);
  }
  return base;
}

/** A backend whose commands all end as `result` says (records the argv it was given). */
class ScriptedRunBackend extends LocalBackend {
  readonly runs: (readonly string[])[] = [];
  constructor(private readonly result: Partial<RunResult>) {
    super();
  }
  override run(argv: readonly string[], _options?: RunOptions): Promise<RunResult> {
    this.runs.push(argv);
    return Promise.resolve({
      exitCode: 0,
      signal: null,
      stdout: new Uint8Array(0),
      stderr: new Uint8Array(0),
      stdoutTruncated: false,
      stderrTruncated: false,
      timedOut: false,
      aborted: false,
      ...this.result,
    });
  }
}

describe("Grep (spec §5.6)", () => {
  it("§5.6 flags, and the schema's limits", () => {
    const grep = new Grep();
    expect([grep.name, grep.isReadOnly, grep.isConcurrencySafe, grep.isStateInjected]).toEqual([
      "Grep",
      true,
      true,
      false,
    ]);
    const properties = grep.inputSchema["properties"] as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual([
      "pattern",
      "path",
      "output_mode",
      "glob",
      "type",
      "-A",
      "-B",
      "-C",
      "context",
      "n",
      "i",
      "case_insensitive",
      "multiline",
      "head_limit",
      "offset",
    ]);
    expect(properties["head_limit"]).toMatchObject({ type: "integer", minimum: 0 });
    expect(properties["output_mode"]).toMatchObject({
      enum: ["content", "files_with_matches", "count"],
      default: "files_with_matches",
    });
    expect(grep.inputSchema["required"]).toEqual(["pattern"]);
  });

  it("§5.6 lists the files with matches, hidden files included, VCS directories not", async () => {
    const base = await repo({
      "a.txt": "needle\n",
      ".hidden": "needle\n",
      ".git/config": "needle\n",
      "b.txt": "hay\n",
    });
    const chunk = await runOnce(new Grep(), { pattern: "needle", path: base });
    expect(chunk.state).toBe("success");
    expect(textOf(chunk).split("\n").sort()).toEqual([join(base, ".hidden"), join(base, "a.txt")]);
  });

  it("§5.6 shows matching lines with numbers in content mode, counts in count mode", async () => {
    const base = await repo({ "a.txt": "x\nneedle one\nneedle two\n" });
    const file = join(base, "a.txt");
    expect(
      textOf(await runOnce(new Grep(), { pattern: "needle", path: file, output_mode: "content" })),
    ).toBe("2:needle one\n3:needle two");
    expect(
      textOf(await runOnce(new Grep(), { pattern: "needle", path: file, output_mode: "count" })),
    ).toBe("2");
  });

  it("§11.64 no match → success 'No matches found for pattern: X'", async () => {
    const base = await repo({ "a.txt": "hay\n" });
    const chunk = await runOnce(new Grep(), { pattern: "X", path: base });
    expect([chunk.state, textOf(chunk)]).toEqual(["success", "No matches found for pattern: X"]);
  });

  it("§11.64 an invalid regex → error containing 'regex parse error'", async () => {
    const base = await repo({ "a.txt": "hay\n" });
    const chunk = await runOnce(new Grep(), { pattern: "(unclosed", path: base });
    expect(chunk.state).toBe("error");
    expect(textOf(chunk)).toMatch(/^ripgrep error \(code 2\): .*regex parse error/s);
  });

  it("§11.64 300 result lines → 250 lines and the pagination note", async () => {
    const base = await repo({ "a.txt": "m\n".repeat(300) });
    const chunk = await runOnce(new Grep(), {
      pattern: "m",
      path: join(base, "a.txt"),
      output_mode: "content",
    });
    const text = textOf(chunk);
    const [page, note] = text.split("\n\n");
    expect(page?.split("\n")).toHaveLength(250);
    expect(page?.split("\n").at(-1)).toBe("250:m");
    expect(note).toBe("[Showing results with pagination = limit: 250]");
  });

  it("§5.6 offset and head_limit page the results; head_limit 0 is unlimited", async () => {
    const base = await repo({ "a.txt": "m\n".repeat(10) });
    const input = { pattern: "m", path: join(base, "a.txt"), output_mode: "content" };
    expect(textOf(await runOnce(new Grep(), { ...input, head_limit: 3, offset: 2 }))).toBe(
      "3:m\n4:m\n5:m\n\n[Showing results with pagination = limit: 3, offset: 2]",
    );
    expect(textOf(await runOnce(new Grep(), { ...input, head_limit: 3, offset: 7 }))).toBe(
      "8:m\n9:m\n10:m",
    );
    expect(textOf(await runOnce(new Grep(), { ...input, head_limit: 0 })).split("\n")).toHaveLength(
      10,
    );
  });

  it("§5.6 refuses a negative head_limit or offset with the reference's texts", async () => {
    const limit = await runOnce(new Grep(), { pattern: "x", head_limit: -1 });
    expect([limit.state, textOf(limit)]).toEqual([
      "error",
      "Error: head_limit must be non-negative.",
    ]);
    const offset = await runOnce(new Grep(), { pattern: "x", offset: -1 });
    expect([offset.state, textOf(offset)]).toEqual([
      "error",
      "Error: offset must be non-negative.",
    ]);
  });

  it("§5.6 a pattern starting with '-' is passed with -e and found", async () => {
    const base = await repo({ "a.txt": "a -flag here\n" });
    const chunk = await runOnce(new Grep(), {
      pattern: "-flag",
      path: join(base, "a.txt"),
      output_mode: "content",
    });
    expect(textOf(chunk)).toBe("1:a -flag here");
  });

  it("§5.6 searches the backend's cwd when no path is given", async () => {
    const base = await repo({ "a.txt": "needle\n" });
    const backend = new ScriptedRunBackend({ exitCode: 1 });
    const grep = new Grep({ backend: new LocalBackend({ cwd: base }) });
    expect(textOf(await runOnce(grep, { pattern: "needle" }))).toBe(join(base, "a.txt"));
    await runOnce(new Grep({ backend }), { pattern: "p" });
    expect(backend.runs[0]?.at(-1)).toBe(process.cwd());
  });

  it("§5.6 a timeout → the reference's error text", async () => {
    const chunk = await runOnce(
      new Grep({ backend: new ScriptedRunBackend({ timedOut: true, exitCode: -1 }) }),
      {
        pattern: "p",
      },
    );
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      "Ripgrep search timed out after 30 seconds. Try searching a more specific path or pattern.",
    ]);
  });

  it("§5.6 a missing rg or another exit code → 'ripgrep error (code c): stderr'", async () => {
    const backend = new ScriptedRunBackend({
      exitCode: 127,
      stderr: new TextEncoder().encode(" spawn rg ENOENT \n"),
    });
    expect(textOf(await runOnce(new Grep({ backend }), { pattern: "p" }))).toBe(
      "ripgrep error (code 127): spawn rg ENOENT",
    );
  });

  it("§5.6 an interrupted search is reported as interrupted", async () => {
    const chunk = await runOnce(
      new Grep({ backend: new ScriptedRunBackend({ aborted: true, exitCode: -1 }) }),
      {
        pattern: "p",
      },
    );
    expect(chunk.state).toBe("interrupted");
  });

  it("§5.6 drops a line cut by the output cap, and CRs at line ends", async () => {
    const backend = new ScriptedRunBackend({
      stdout: new TextEncoder().encode("a\r\n\nb\nc-cut"),
      stdoutTruncated: true,
    });
    expect(textOf(await runOnce(new Grep({ backend }), { pattern: "p" }))).toBe("a\nb");
  });

  it("§11.63 matchRule uses the path, or the cwd when none is given", async () => {
    const grep = new Grep({ backend: new LocalBackend({ cwd: "/work/cwd" }) });
    expect(await grep.matchRule("/work/cwd/**", { pattern: "x" })).toBe(true);
    expect(await grep.matchRule("/work/cwd", { pattern: "x" })).toBe(true);
    expect(await grep.matchRule("/repo/*", { pattern: "x", path: "/repo/src" })).toBe(true);
    expect(await grep.matchRule("/repo/*", { pattern: "x" })).toBe(false);
    expect(await grep.generateSuggestions({ pattern: "x" })).toEqual([
      { tool_name: "Grep", rule_content: "/work/cwd/**", behavior: "allow", source: "suggested" },
    ]);
  });

  it("§4 is PASSTHROUGH 'Grep search is read-only.' and allowed in EXPLORE", async () => {
    const grep = new Grep();
    expect(await grep.checkPermissions({ pattern: "x" })).toMatchObject({
      behavior: "passthrough",
      message: "Grep search is read-only.",
    });
    const decision = await new PermissionEngine({ mode: "explore" }).decide(grep, { pattern: "x" });
    expect(decision.behavior).toBe("allow");
  });
});
