import { mkdir, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import { type DirEntry, LocalBackend } from "../../../../src/tools/backends/index.js";
import { Glob } from "../../../../src/tools/builtin/glob/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

/** Files (relative paths) with increasing mtimes in the order given: the last is the newest. */
async function tree(files: readonly string[]): Promise<string> {
  const base = await makeTempDir();
  let second = 1_000;
  for (const file of files) {
    const path = join(base, file);
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, file);
    await utimes(path, second, second);
    second += 10;
  }
  return base;
}

async function glob(pattern: string, path: string): Promise<string> {
  return textOf(await runOnce(new Glob(), { pattern, path }));
}

describe("Glob (spec §5.5)", () => {
  it("§5.5 pins the schema and the flags", () => {
    const tool = new Glob();
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        pattern: {
          type: "string",
          description: "The glob pattern to match against (e.g., '**/*.py', 'src/**/*.ts')",
        },
        path: {
          type: "string",
          description: "The base directory to search from (defaults to current working directory)",
        },
      },
      required: ["pattern"],
    });
    expect([tool.name, tool.isReadOnly, tool.isConcurrencySafe, tool.isStateInjected]).toEqual([
      "Glob",
      true,
      true,
      false,
    ]);
  });

  it("§11.62 '*.py' lists test1.py and test2.py, newest first", async () => {
    const base = await tree(["test1.py", "test2.py", "notes.txt"]);
    const chunk = await runOnce(new Glob(), { pattern: "*.py", path: base });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "running",
      `${join(base, "test2.py")}\n${join(base, "test1.py")}`,
    ]);
  });

  it("§11.62 '**/*.py' is recursive, '**' matching zero directories too", async () => {
    const base = await tree(["a.py", "src/b.py", "src/deep/c.py", "src/d.txt"]);
    expect((await glob("**/*.py", base)).split("\n")).toEqual([
      join(base, "src/deep/c.py"),
      join(base, "src/b.py"),
      join(base, "a.py"),
    ]);
    expect(await glob("src/**/c.py", base)).toBe(join(base, "src/deep/c.py"));
  });

  it("§5.5 a trailing '**' collects every file below", async () => {
    const base = await tree(["x/1", "x/y/2", "z"]);
    expect((await glob("x/**", base)).split("\n")).toEqual([
      join(base, "x/y/2"),
      join(base, "x/1"),
    ]);
  });

  it("§11.62 no match → 'No files found matching pattern: *.py' (running)", async () => {
    const base = await tree(["a.txt"]);
    const chunk = await runOnce(new Glob(), { pattern: "*.py", path: base });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "running",
      "No files found matching pattern: *.py",
    ]);
  });

  it("§11.62 a missing base → error 'Directory not found: …'; a file as base too", async () => {
    const base = await tree(["f"]);
    for (const path of [join(base, "missing"), join(base, "f")]) {
      const chunk = await runOnce(new Glob(), { pattern: "*", path });
      expect([chunk.state, textOf(chunk)]).toEqual(["error", `Directory not found: ${path}`]);
    }
  });

  it("§5.5 '*' includes dot-files, '?' is one character, brackets are literal", async () => {
    const base = await tree([".hidden", "ab", "abc", "[x]", "x"]);
    expect((await glob("*", base)).split("\n").sort()).toEqual(
      [".hidden", "ab", "abc", "[x]", "x"].map((f) => join(base, f)).sort(),
    );
    expect(await glob("a?", base)).toBe(join(base, "ab"));
    expect(await glob("[x]", base)).toBe(join(base, "[x]"));
  });

  it("§5.5 splits the pattern on / and \\ and ignores empty segments", async () => {
    const base = await tree(["src/a.ts"]);
    expect(await glob("src\\\\a.ts", base)).toBe(join(base, "src/a.ts"));
    expect(await glob("//src//a.ts", base)).toBe(join(base, "src/a.ts"));
  });

  it("§5.5 returns regular files only and never follows symlinks", async () => {
    const base = await tree(["real/f.py"]);
    const outside = await tree(["secret.py"]);
    await symlink(join(base, "real", "f.py"), join(base, "link.py"));
    await symlink(outside, join(base, "linked-dir"));
    expect(await glob("*.py", base)).toBe("No files found matching pattern: *.py");
    expect(await glob("**/*.py", base)).toBe(join(base, "real/f.py"));
    expect(await glob("**", base)).toBe(join(base, "real/f.py"));
  });

  it("§5.5 joins paths onto the base as given (a trailing slash is not doubled)", async () => {
    const base = await tree(["a.py"]);
    expect(await glob("*.py", `${base}/`)).toBe(`${base}/a.py`);
  });

  it("§5.5 searches the backend's cwd when no path is given", async () => {
    const base = await tree(["here.md"]);
    const chunk = await runOnce(new Glob({ backend: new LocalBackend({ cwd: base }) }), {
      pattern: "*.md",
    });
    expect(textOf(chunk)).toBe(join(base, "here.md"));
  });

  it("§5.5 stops after its time limit with an error, and when interrupted", async () => {
    const base = await tree(["a"]);
    class HangingBackend extends LocalBackend {
      override listDir(): Promise<DirEntry[]> {
        return new Promise(() => undefined); // never answers
      }
    }
    const timedOut = await runOnce(new Glob({ backend: new HangingBackend(), timeoutMs: 1 }), {
      pattern: "*",
      path: base,
    });
    expect([timedOut.state, timedOut.metadata]).toEqual(["error", { code: "TIMED_OUT" }]);
    expect(textOf(timedOut)).toBe(
      "Glob search timed out after 0.001 seconds. Try searching a more specific path or pattern.",
    );
    // Interrupted while a listing hangs: the call ends at once.
    const controller = new AbortController();
    class AbortingBackend extends HangingBackend {
      override listDir(): Promise<DirEntry[]> {
        controller.abort();
        return super.listDir();
      }
    }
    const interrupted = await runOnce(
      new Glob({ backend: new AbortingBackend() }),
      { pattern: "*", path: base },
      { signal: controller.signal },
    );
    expect(interrupted.state).toBe("interrupted");
  });

  it("§11.63 matchRule tries the path first (also with a trailing /), then the pattern", () => {
    const tool = new Glob();
    expect(tool.matchRule("/repo/**", { pattern: "*.py", path: "/repo/src" })).toBe(true);
    expect(tool.matchRule("/repo/**", { pattern: "*.py", path: "/repo" })).toBe(true);
    expect(tool.matchRule("*.py", { pattern: "*.py", path: "/elsewhere" })).toBe(true);
    expect(tool.matchRule("*.py", { pattern: "*.ts" })).toBe(false);
  });

  it("§4 suggests abspath(path or cwd) + '/**'", async () => {
    const tool = new Glob({ backend: new LocalBackend({ cwd: "/work/cwd" }) });
    expect(await tool.generateSuggestions({ pattern: "*", path: "/repo/src/" })).toEqual([
      { tool_name: "Glob", rule_content: "/repo/src/**", behavior: "allow", source: "suggested" },
    ]);
    expect((await tool.generateSuggestions({ pattern: "*" }))[0]?.rule_content).toBe(
      "/work/cwd/**",
    );
    expect((await tool.generateSuggestions({ pattern: "*", path: "sub" }))[0]?.rule_content).toBe(
      "/work/cwd/sub/**",
    );
  });

  it("§4 is PASSTHROUGH and allowed by the engine as read-only; a deny rule on its path wins", async () => {
    const tool = new Glob();
    expect(tool.checkPermissions()).toMatchObject({
      behavior: "passthrough",
      message: "Glob pattern matching is read-only.",
    });
    const engine = new PermissionEngine({ mode: "explore" });
    expect((await engine.decide(tool, { pattern: "*" })).behavior).toBe("allow");
    engine.addRule({
      tool_name: "Glob",
      rule_content: "/secret/**",
      behavior: "deny",
      source: "x",
    });
    expect((await engine.decide(tool, { pattern: "*", path: "/secret" })).behavior).toBe("deny");
  });
});
