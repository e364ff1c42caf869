import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { argumentPaths } from "../../../../src/tools/builtin/bash/argument-paths.js";
import {
  Bash,
  extractFilePaths,
  findDangerousPaths,
} from "../../../../src/tools/builtin/bash/index.js";
import { PermissionEngine } from "../../../../src/permission/index.js";
import { ANALYSIS, fakeBackend, parse } from "./helpers.js";

async function dangerous(command: string, options = ANALYSIS): Promise<string[]> {
  return findDangerousPaths(extractFilePaths(await parse(command)), options);
}

describe("findDangerousPaths", () => {
  it("finds sensitive files and directories among targets", async () => {
    expect(await dangerous("cat file.txt > ~/.bashrc")).toEqual(["~/.bashrc"]);
    expect(await dangerous("rm .git/config a.txt")).toEqual([".git/config"]);
    expect(await dangerous("touch a b")).toEqual([]);
  });

  it("departure 3: quoted paths are paths too", async () => {
    expect(await dangerous('rm "/home/u/.ssh/id_rsa"')).toEqual(["/home/u/.ssh/id_rsa"]);
    expect(await dangerous("cp x '.env'")).toEqual([".env"]);
  });

  it("departure 3: a path with an expansion is not a known path and is reported", async () => {
    expect(await dangerous('cat x > "$HOME/.bashrc"')).toEqual(['"$HOME/.bashrc"']);
    expect(await dangerous("rm $FILE")).toEqual(["$FILE"]);
  });

  it("departure 3: entries with a slash match as path suffixes", async () => {
    expect(await dangerous("cp x /home/u/.ssh/config")).toEqual(["/home/u/.ssh/config"]);
    expect(
      await dangerous("cp x /srv/ssh/config", { ...ANALYSIS, dangerousDirectories: [] }),
    ).toEqual([]);
  });

  it("reports globs that may match a sensitive name", async () => {
    expect(await dangerous("rm ~/.ss*/id_rsa")).toEqual(["~/.ss*/id_rsa"]);
    expect(await dangerous("rm .env*")).toEqual([".env*"]);
    expect(await dangerous("rm -r .*")).toEqual([".*"]);
    expect(await dangerous("rm *.txt")).toEqual([]);
    expect(await dangerous("cp * /tmp/project/dest")).toEqual([]);
  });

  it("departure 3: any program's arguments may name what it writes (curl -o, git --output=, sort -o)", async () => {
    const withArguments = async (command: string) =>
      findDangerousPaths(extractFilePaths(await parse(command), argumentPaths), ANALYSIS);
    expect(await withArguments("curl -o ~/.bashrc https://x.example/rc")).toEqual(["~/.bashrc"]);
    expect(await withArguments("wget -O/home/u/.bashrc https://x")).toEqual(["/home/u/.bashrc"]);
    expect(await withArguments("git log --output=/home/u/.gitconfig")).toEqual([
      "/home/u/.gitconfig",
    ]);
    expect(await withArguments("sort -o .env in.txt")).toEqual([".env"]);
    expect(await withArguments("sudo ./install.sh --prefix=.git/hooks")).toEqual([".git/hooks"]);
    expect(await withArguments("python3 gen.py > out.txt && node w.js .vscode/x")).toEqual([
      ".vscode/x",
    ]);
    // Read-only commands write nothing; expansions are the injection check's; plain words are not paths.
    expect(await withArguments("cat ~/.bashrc; grep x .git/config")).toEqual([]);
    expect(await withArguments('npm run "$TASK" && curl -o out.html https://x')).toEqual([]);
    expect(await withArguments('git commit -m "document .bashrc"')).toEqual([]);
  });

  it("departure 3: an allow rule for a program never lets it write a sensitive file", async () => {
    const bash = new Bash({ backend: fakeBackend({ home: "/home/u", cwd: "/tmp/project" }) });
    const engine = new PermissionEngine();
    for (const rule of ["curl:*", "git:*", "sort:*"])
      engine.addRule({ tool_name: "Bash", rule_content: rule, behavior: "allow", source: "test" });
    for (const command of [
      "curl -o ~/.bashrc https://x.example/rc",
      "git log --output /home/u/.bashrc",
      "sort -o/home/u/.zshrc x",
    ]) {
      const decision = await engine.decide(bash, { command });
      expect(decision.behavior, command).toBe("ask");
      expect(decision.message, command).toMatch(
        /^Permission required: Bash command operates on sensitive paths: /,
      );
    }
    expect((await engine.decide(bash, { command: "curl -o page.html https://x" })).behavior).toBe(
      "allow",
    );
  });

  it("resolves relative paths against the directories a cd leads to", async () => {
    expect(await dangerous("cd ~/.ssh && rm id_rsa")).toEqual(["id_rsa"]);
  });

  describe("symlinks", () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "actorscope-bash-paths-"));
      await writeFile(join(dir, ".bashrc"), "");
      await symlink(join(dir, ".bashrc"), join(dir, "innocent"));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("judges a symlink by what it points to", async () => {
      expect(await dangerous(`echo x > ${join(dir, "innocent")}`)).toEqual([join(dir, "innocent")]);
    });

    it("departure 2: a command acting on the link itself (rm, mv, sed -i) does not touch its target", async () => {
      const link = join(dir, "innocent");
      expect(await dangerous(`rm ${link}`)).toEqual([]);
      expect(await dangerous(`mv ${link} ${join(dir, "other")}`)).toEqual([]);
      expect(await dangerous(`touch ${link}`)).toEqual([link]);
      expect(await dangerous(`rm ${link}/`)).toEqual([`${link}/`]);
    });
  });
});
