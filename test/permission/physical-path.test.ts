import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isInWorkingDirectory,
  physicalPath,
  workingDirectoryRoots,
} from "../../src/permission/index.js";

describe("physicalPath: where a path really leads", () => {
  let base = "";
  let wd = "";
  let out = "";

  beforeAll(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "actorscope-physical-")));
    wd = join(base, "wd");
    out = join(base, "out");
    await mkdir(join(wd, "sub"), { recursive: true });
    await mkdir(join(out, "deep"), { recursive: true });
    await writeFile(join(wd, "file"), "x");
    await symlink(join(out, "deep"), join(wd, "to-out"));
    await symlink(join(out, "new-file"), join(wd, "dangling"));
    await symlink("dangling", join(wd, "chain"));
    await symlink("../out/deep/missing/x", join(wd, "relative-dangling"));
    await symlink("loop-b", join(wd, "loop-a"));
    await symlink("loop-a", join(wd, "loop-b"));
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("follows a dangling symlink to the file a write would create", async () => {
    expect(await physicalPath(join(wd, "dangling"))).toBe(join(out, "new-file"));
    expect(await physicalPath(join(wd, "relative-dangling"))).toBe(
      join(out, "deep", "missing", "x"),
    );
  });

  it("follows chains of symlinks, relative targets against the link's directory", async () => {
    expect(await physicalPath(join(wd, "chain"))).toBe(join(out, "new-file"));
  });

  it("resolves .. after a symlink physically, and after a missing directory textually", async () => {
    expect(await physicalPath(`${wd}/to-out/../x`)).toBe(join(out, "x"));
    expect(await physicalPath(`${wd}/missing/../file`)).toBe(join(wd, "file"));
    expect(await physicalPath(`${wd}/sub/../to-out/y`)).toBe(join(out, "deep", "y"));
  });

  it("leaves a final symlink alone for operations on the entry, unless a slash follows it", async () => {
    expect(await physicalPath(join(wd, "dangling"), { followFinal: false })).toBe(
      join(wd, "dangling"),
    );
    expect(await physicalPath(join(wd, "to-out", "a"), { followFinal: false })).toBe(
      join(out, "deep", "a"),
    );
    expect(await physicalPath(`${wd}/to-out/`, { followFinal: false })).toBe(join(out, "deep"));
    expect(await physicalPath(`${wd}/to-out/.`, { followFinal: false })).toBe(join(out, "deep"));
  });

  it("is null for a symlink loop: nobody can say where it leads", async () => {
    expect(await physicalPath(join(wd, "loop-a"))).toBeNull();
    expect(await physicalPath(join(wd, "loop-a", "x"), { followFinal: false })).toBeNull();
  });

  it("is null through a link whose target depends on the process (/proc/self, /dev/fd)", async () => {
    expect(await physicalPath("/proc/self/cwd/x")).toBeNull();
    expect(await physicalPath("/dev/fd/1")).toBeNull();
    expect(await physicalPath("/proc/thread-self/root/etc")).toBeNull();
  });

  it("a dangling symlink out of a working directory is not inside it (spec §4 realpath)", async () => {
    const context = { working_directories: {} };
    expect(await isInWorkingDirectory(join(wd, "dangling"), context, wd)).toBe(false);
    expect(await isInWorkingDirectory(join(wd, "loop-a"), context, wd)).toBe(false);
    expect(
      await isInWorkingDirectory(join(wd, "dangling"), context, wd, { followFinal: false }),
    ).toBe(true);
  });

  it("workingDirectoryRoots resolves the cwd and every key, once each", async () => {
    const context = {
      working_directories: {
        [wd]: { path: wd, source: "t" },
        [join(wd, "to-out")]: { path: "", source: "t" },
      },
    };
    expect(await workingDirectoryRoots(context, wd)).toEqual([wd, join(out, "deep")]);
  });
});
