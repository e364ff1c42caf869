import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractFilePaths, findDangerousPaths } from "../../../../src/tools/builtin/bash/index.js";
import { ANALYSIS, parse } from "./helpers.js";

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
