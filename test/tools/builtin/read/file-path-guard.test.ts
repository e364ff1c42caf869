import { lstat, mkdir, readFile, rename, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import { Edit } from "../../../../src/tools/builtin/edit/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { Write } from "../../../../src/tools/builtin/write/index.js";
import { createToolState } from "../../../../src/tools/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "./file-fixtures.js";

afterEach(removeTempDirs);

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A working directory and, beside it, a fake home with a `.bashrc` and an `.ssh` key. */
async function layout(): Promise<{ wd: string; home: string; outside: string }> {
  const root = await makeTempDir();
  const wd = join(root, "wd");
  const home = join(root, "home");
  const outside = join(root, "outside");
  await mkdir(wd);
  await mkdir(join(home, ".ssh"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(home, ".bashrc"), "original rc\n");
  await writeFile(join(home, ".ssh", "id_rsa"), "PRIVATE KEY\n");
  await writeFile(join(outside, "x.txt"), "outside\n");
  return { wd, home, outside };
}

function acceptEdits(wd: string): PermissionEngine {
  return new PermissionEngine({
    mode: "accept_edits",
    working_directories: { [wd]: { path: wd, source: "session" } },
  });
}

describe("file tools never follow a symlink out of what the permission check saw (issue 4)", () => {
  it("Read refuses a harmless-looking link to a sensitive file, and reads the real path", async () => {
    const { wd, home } = await layout();
    const link = join(wd, "notes.txt");
    await symlink(join(home, ".ssh", "id_rsa"), link);
    const refused = await runOnce(new Read(), { file_path: link });
    expect(refused.state).toBe("error");
    expect(refused.metadata).toEqual({ code: "SYMLINK_TO_SENSITIVE_PATH" });
    expect(textOf(refused)).toContain(join(home, ".ssh", "id_rsa"));
    expect(textOf(refused)).not.toContain("PRIVATE KEY");
    // Asked for by its own name, the engine sees it (and Read of it is allowed, as in the spec).
    const direct = await runOnce(new Read(), { file_path: join(home, ".ssh", "id_rsa") });
    expect(textOf(direct)).toBe("     1\tPRIVATE KEY");
  });

  it("Read follows a link to an ordinary file", async () => {
    const { wd, outside } = await layout();
    const link = join(wd, "x.txt");
    await symlink(join(outside, "x.txt"), link);
    expect(textOf(await runOnce(new Read(), { file_path: link }))).toBe("     1\toutside");
  });

  it("Write's check asks (safety, bypass-immune) for a link in the working dir to ~/.bashrc", async () => {
    const { wd, home } = await layout();
    const link = join(wd, "config.sh");
    await symlink(join(home, ".bashrc"), link);
    const engine = acceptEdits(wd);
    engine.addRule({
      tool_name: "Write",
      rule_content: `${wd}/**`,
      behavior: "allow",
      source: "x",
    });
    const decision = await engine.decide(new Write(), { file_path: link, content: "evil\n" });
    expect(decision).toMatchObject({
      behavior: "ask",
      bypass_immune: true,
      decision_reason: "Safety check: dangerous file or directory",
      message: `Permission required: Write operation on sensitive file ${join(home, ".bashrc")} (through the symbolic link ${link})`,
    });
  });

  it("Write called without a check refuses the link to ~/.bashrc and leaves it untouched", async () => {
    const { wd, home } = await layout();
    const link = join(wd, "config.sh");
    await symlink(join(home, ".bashrc"), link);
    const chunk = await runOnce(new Write(), { file_path: link, content: "evil\n" });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "SYMLINK_TO_SENSITIVE_PATH" }]);
    expect(await readFile(join(home, ".bashrc"), "utf8")).toBe("original rc\n");
  });

  it("a link inside the working dir to a file outside it is a safety ASK for Write and Edit", async () => {
    const { wd, outside } = await layout();
    const link = join(wd, "x.txt");
    await symlink(join(outside, "x.txt"), link);
    for (const tool of [new Write(), new Edit()]) {
      const engine = acceptEdits(wd);
      engine.addRule({
        tool_name: tool.name,
        rule_content: `${wd}/**`,
        behavior: "allow",
        source: "x",
      });
      const decision = await engine.decide(tool, {
        file_path: link,
        content: "y\n",
        old_string: "outside",
        new_string: "y",
      });
      expect(decision).toMatchObject({
        behavior: "ask",
        bypass_immune: true,
        decision_reason: "Safety check: symbolic link leads outside the working directories",
        message: `Permission required: ${tool.name} operation on ${link}, a symbolic link to ${join(outside, "x.txt")} outside the working directories`,
      });
    }
  });

  it("a parent directory swapped for a link after the check is refused; nothing lands outside", async () => {
    const { wd, outside } = await layout();
    await mkdir(join(wd, "sub"));
    const target = join(wd, "sub", "f.txt");
    const write = new Write();
    const decision = await acceptEdits(wd).decide(write, { file_path: target, content: "x\n" });
    expect(decision.behavior).toBe("allow");
    // The attacker swaps `sub` for a link to a directory outside.
    await rename(join(wd, "sub"), join(wd, "sub-old"));
    await symlink(outside, join(wd, "sub"));
    const chunk = await runOnce(write, { file_path: target, content: "x\n" });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "PATH_CHANGED_SINCE_CHECK" }]);
    expect(textOf(chunk)).toContain(`now resolves to ${join(outside, "f.txt")}`);
    expect(await exists(join(outside, "f.txt"))).toBe(false);
  });

  it("a file swapped for a link after Edit's check is refused; the target is unchanged", async () => {
    const { wd, outside } = await layout();
    const path = join(wd, "a.txt");
    await writeFile(path, "outside\n");
    const edit = new Edit();
    expect((await acceptEdits(wd).decide(edit, { file_path: path })).behavior).toBe("allow");
    await rename(path, join(wd, "a-old.txt"));
    await symlink(join(outside, "x.txt"), path);
    const chunk = await runOnce(edit, {
      file_path: path,
      old_string: "outside",
      new_string: "pwned",
    });
    expect(chunk.metadata).toEqual({ code: "PATH_CHANGED_SINCE_CHECK" });
    expect(await readFile(join(outside, "x.txt"), "utf8")).toBe("outside\n");
  });

  it("a dangling link is never written through (its target is not created)", async () => {
    const { wd, outside } = await layout();
    const link = join(wd, "new.txt");
    await symlink(join(outside, "created.txt"), link);
    const write = new Write();
    // The check follows the dangling link as Python's realpath does: the target is outside.
    expect((await acceptEdits(wd).decide(write, { file_path: link, content: "x" })).behavior).toBe(
      "ask",
    );
    const chunk = await runOnce(write, { file_path: link, content: "x" });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "SYMLINK_UNRESOLVABLE" }]);
    expect(await exists(join(outside, "created.txt"))).toBe(false);
  });

  it("a symlink loop is refused by Read, Write and Edit", async () => {
    const { wd } = await layout();
    await symlink(join(wd, "b"), join(wd, "a"));
    await symlink(join(wd, "a"), join(wd, "b"));
    const input = { file_path: join(wd, "a"), content: "x", old_string: "x", new_string: "y" };
    for (const tool of [new Read(), new Write(), new Edit()]) {
      expect((await runOnce(tool, input)).metadata).toEqual({ code: "SYMLINK_UNRESOLVABLE" });
    }
  });

  it("§11.24 a working directory given as a link works end to end (check, then write)", async () => {
    const { wd } = await layout();
    const alias = join(wd, "..", "alias");
    await symlink(wd, alias);
    const state = createToolState();
    const write = new Write();
    const viaAlias = join(alias, "new.txt");
    const engine = acceptEdits(alias);
    expect((await engine.decide(write, { file_path: viaAlias, content: "a\n" })).behavior).toBe(
      "allow",
    );
    const chunk = await runOnce(write, { file_path: viaAlias, content: "a\n" }, { state });
    expect(chunk.state).toBe("running");
    expect(await readFile(join(wd, "new.txt"), "utf8")).toBe("a\n");
  });

  it("Edit through a link inside the working dir edits the target and keeps the link", async () => {
    const { wd } = await layout();
    await writeFile(join(wd, "real.txt"), "hello\n");
    const link = join(wd, "link.txt");
    await symlink(join(wd, "real.txt"), link);
    const edit = new Edit();
    expect((await acceptEdits(wd).decide(edit, { file_path: link })).behavior).toBe("allow");
    const chunk = await runOnce(edit, { file_path: link, old_string: "hello", new_string: "bye" });
    expect(chunk.state).toBe("running");
    expect(await readFile(join(wd, "real.txt"), "utf8")).toBe("bye\n");
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
  });
});
