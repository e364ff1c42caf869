import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isInWorkingDirectory,
  realpathLoose,
  type AdditionalWorkingDirectory,
} from "../../src/permission/index.js";

function dirs(...paths: string[]): {
  working_directories: Record<string, AdditionalWorkingDirectory>;
} {
  return {
    working_directories: Object.fromEntries(paths.map((path) => [path, { path, source: "test" }])),
  };
}

describe("isInWorkingDirectory (spec §4)", () => {
  let base = "";
  let real = "";
  let link = "";
  let outside = "";
  let cwd = "";

  beforeAll(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "actorscope-wd-")));
    real = join(base, "real");
    link = join(base, "link");
    outside = join(base, "outside");
    cwd = join(base, "cwd");
    for (const dir of [
      real,
      outside,
      cwd,
      join(base, "a"),
      join(base, "ab"),
      join(outside, "deep"),
    ]) {
      await mkdir(dir, { recursive: true });
    }
    await writeFile(join(real, "existing.txt"), "x");
    await symlink(real, link, "dir");
    // A symlink inside the working directory that leads out of it.
    await symlink(join(outside, "deep"), join(real, "escape"), "dir");
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("always includes the cwd, and resolves relative paths against it", async () => {
    expect(await isInWorkingDirectory(join(cwd, "new.txt"), dirs(), cwd)).toBe(true);
    expect(await isInWorkingDirectory("sub/new.txt", dirs(), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(outside, "x"), dirs(), cwd)).toBe(false);
  });

  it("uses the process cwd when none is given", async () => {
    expect(await isInWorkingDirectory(join(process.cwd(), "some-file.ts"), dirs())).toBe(true);
    expect(await isInWorkingDirectory("relative.txt", dirs())).toBe(true);
  });

  it("counts the directory itself and everything below it", async () => {
    expect(await isInWorkingDirectory(real, dirs(real), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(real, "existing.txt"), dirs(real), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(real, "a", "b", "new.txt"), dirs(real), cwd)).toBe(true);
  });

  it("does not take a sibling sharing a prefix for a child (/tmp/ab is not inside /tmp/a)", async () => {
    expect(await isInWorkingDirectory(join(base, "ab", "f.txt"), dirs(join(base, "a")), cwd)).toBe(
      false,
    );
    expect(await isInWorkingDirectory(join(base, "ab"), dirs(join(base, "a")), cwd)).toBe(false);
  });

  it("follows a symlinked working directory to a file named by its real path", async () => {
    expect(await isInWorkingDirectory(join(real, "existing.txt"), dirs(link), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(real, "new.txt"), dirs(link), cwd)).toBe(true);
  });

  it("follows a file named through a symlink to a working directory given by its real path", async () => {
    expect(await isInWorkingDirectory(join(link, "existing.txt"), dirs(real), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(link, "not-yet", "new.txt"), dirs(real), cwd)).toBe(
      true,
    );
  });

  it("sees through a symlink inside the working directory that leads out of it", async () => {
    expect(await isInWorkingDirectory(join(real, "escape", "x.txt"), dirs(real), cwd)).toBe(false);
  });

  it("resolves `..` after a symlink physically, as the OS will when the file is written", async () => {
    // real/escape → outside/deep, so real/escape/../x is outside/x, not real/x.
    const path = `${join(real, "escape")}/../x.txt`;
    expect(await isInWorkingDirectory(path, dirs(real), cwd)).toBe(false);
    expect(await isInWorkingDirectory(path, dirs(outside), cwd)).toBe(true);
  });

  it("expands `~` on both sides", async () => {
    expect(await isInWorkingDirectory("~/some/file.txt", dirs("~"), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(homedir(), "f.txt"), dirs("~/"), cwd)).toBe(true);
  });

  it("keeps the reference's prefix test for `/`: only `/` itself is inside it", async () => {
    expect(await isInWorkingDirectory("/", dirs("/"), cwd)).toBe(true);
    expect(await isInWorkingDirectory(join(outside, "x"), dirs("/"), cwd)).toBe(false);
  });
});

describe("realpathLoose", () => {
  it("resolves the existing part of a path and appends the rest", async () => {
    const base = await realpath(await mkdtemp(join(tmpdir(), "actorscope-rp-")));
    try {
      await mkdir(join(base, "real"));
      await symlink(join(base, "real"), join(base, "link"), "dir");
      expect(await realpathLoose(join(base, "link"))).toBe(join(base, "real"));
      expect(await realpathLoose(join(base, "link", "missing", "f.txt"))).toBe(
        join(base, "real", "missing", "f.txt"),
      );
      expect(await realpathLoose(`${base}/link/missing/../f.txt`)).toBe(
        join(base, "real", "f.txt"),
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
