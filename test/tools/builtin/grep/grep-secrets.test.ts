import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import { Grep, ripgrepArgv } from "../../../../src/tools/builtin/grep/index.js";
import { secretExcludeGlobs } from "../../../../src/tools/builtin/grep/secret-excludes.js";
import { GrepInputSchema } from "../../../../src/tools/builtin/grep/grep-input.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";
import { bounded, mkfifo } from "../../backends/special-files.js";

afterEach(removeTempDirs);

/** A project with credentials in it (and a fake home's `.ssh` inside), each holding TOKEN. */
async function project(): Promise<string> {
  const root = await makeTempDir();
  const files = [
    "src/app.ts",
    ".env",
    ".ENV.local",
    "config/.env.production",
    "certs/server.PEM",
    "home/.ssh/id_rsa",
    "home/.ssh/id_rsa.pub",
    "home/.aws/credentials",
    "home/.npmrc",
  ];
  for (const name of files) {
    await mkdir(join(root, name, ".."), { recursive: true });
    await writeFile(join(root, name), `TOKEN in ${name}\n`);
  }
  return root;
}

describe("departure 8: secrets are not auto-allowed reads (Grep)", () => {
  it("a directory search leaves credential files out, whatever their case or depth", async () => {
    const root = await project();
    const chunk = await runOnce(new Grep(), {
      pattern: "TOKEN",
      path: root,
      output_mode: "content",
    });
    const found = textOf(chunk)
      .split("\n")
      .map((line) => line.slice(line.indexOf("TOKEN in ") + "TOKEN in ".length));
    // Public keys go too: exemptions have no safe ripgrep form (see secretExcludeGlobs).
    expect(found).toEqual(["src/app.ts"]);
  });

  it("the exclusions hold when the search root is itself inside ~/.ssh", async () => {
    const root = await project();
    const chunk = await runOnce(new Grep(), { pattern: "TOKEN", path: join(root, "home", ".ssh") });
    expect(textOf(chunk)).not.toContain("id_rsa\n");
    expect(textOf(chunk)).not.toMatch(/id_rsa$/m);
  });

  it("the call's own whitelist glob cannot bring a credential file back", async () => {
    const root = await project();
    const chunk = await runOnce(new Grep(), { pattern: "TOKEN", path: root, glob: "*.PEM" });
    expect(textOf(chunk)).toBe("No matches found for pattern: TOKEN");
  });

  it("searching one credential file (or a link to it) is a safety ASK, even with an allow rule", async () => {
    const root = await project();
    const engine = new PermissionEngine();
    engine.addRule({ tool_name: "Grep", rule_content: null, behavior: "allow", source: "user" });
    const env = join(root, ".env");
    expect(await engine.decide(new Grep(), { pattern: "x", path: env })).toMatchObject({
      behavior: "ask",
      bypass_immune: true,
      message: `Permission required: Grep operation on secret file ${env}`,
    });
    const link = join(root, "src", "innocent.txt");
    await symlink(env, link);
    expect(await engine.decide(new Grep(), { pattern: "x", path: link })).toMatchObject({
      behavior: "ask",
      message: `Permission required: Grep operation on secret file ${env} (through the symbolic link ${link})`,
    });
    expect((await engine.decide(new Grep(), { pattern: "x", path: root })).behavior).toBe("allow");
  });

  it("secretFiles: [] searches everything, as the reference does", async () => {
    const root = await project();
    const chunk = await runOnce(new Grep({ secretFiles: [] }), { pattern: "TOKEN", path: root });
    expect(textOf(chunk)).toContain(".env");
  });

  it("builds one --iglob exclusion per entry, after the call's globs; exemptions are skipped", () => {
    expect(secretExcludeGlobs([".env", ".ssh/id_*", "!*.pub", "a{b}\\c"])).toEqual([
      "--iglob",
      "!.env",
      "--iglob",
      "!**/.ssh/id_*",
      "--iglob",
      "!a\\{b\\}\\\\c",
    ]);
    const input = GrepInputSchema.parse({ pattern: "x", glob: "*.ts" });
    expect(ripgrepArgv(input, "/repo", secretExcludeGlobs([".env"])).slice(-5)).toEqual([
      "--glob",
      "*.ts",
      "--iglob",
      "!.env",
      "/repo",
    ]);
  });
});

describe("Grep under hostile input (issue 10 §3)", () => {
  it("refuses a FIFO as the search path instead of leaving ripgrep blocked on it", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "pipe"));
    const chunk = await bounded(runOnce(new Grep(), { pattern: "x", path: fifo }), "Grep(FIFO)");
    expect([chunk.state, textOf(chunk), chunk.metadata]).toEqual([
      "error",
      `Error: Path is a FIFO, not a regular file: ${fifo}`,
      { code: "NOT_A_REGULAR_FILE" },
    ]);
  });
});
