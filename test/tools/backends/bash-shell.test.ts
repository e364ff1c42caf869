import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BashNotFoundError,
  LocalBackend,
  ShellErrorCode,
  findBash,
} from "../../../src/tools/backends/index.js";

describe("findBash (departure 6: bash found on PATH)", () => {
  let root: string;
  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), "actorscope-find-bash-")));
    for (const dir of ["empty", "plain", "exec"]) await mkdir(join(root, dir));
    // Never executed: only its mode matters.
    await writeFile(join(root, "plain", "bash"), "#!/bin/false\n");
    await writeFile(join(root, "exec", "bash"), "#!/bin/false\n");
    await chmod(join(root, "exec", "bash"), 0o755);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("takes the first executable bash, in PATH order, skipping files that are not executable", async () => {
    const path = [join(root, "empty"), join(root, "plain"), join(root, "exec")].join(delimiter);
    expect(await findBash(path)).toBe(join(root, "exec", "bash"));
  });

  it("ignores empty and relative PATH entries (they would depend on the command's directory)", async () => {
    const path = ["", "exec", join(root, "empty")].join(delimiter);
    await expect(findBash(path)).rejects.toMatchObject({
      code: ShellErrorCode.BASH_NOT_FOUND,
      searched: [join(root, "empty")],
    });
  });

  it("refuses with a typed BASH_NOT_FOUND error naming what was searched", async () => {
    const error = await findBash(join(root, "empty")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BashNotFoundError);
    expect(error).toMatchObject({
      code: "BASH_NOT_FOUND",
      data: { searched: [join(root, "empty")] },
    });
    expect((error as Error).message).toMatch(
      /^bash was not found on PATH \(.*empty\); install bash/,
    );
    await expect(findBash(undefined)).rejects.toThrow("PATH is empty");
  });
});

describe("LocalBackend.bashShell", () => {
  it("finds bash on the process PATH", async () => {
    const shell = await new LocalBackend().bashShell();
    expect(shell.path).toMatch(/\/bash$/);
  });

  it("uses the configured bashPath without searching", async () => {
    expect((await new LocalBackend({ bashPath: "/opt/bash" }).bashShell()).path).toBe("/opt/bash");
  });

  it("removes every exported function of the process environment", async () => {
    const name = "BASH_FUNC_actorscope_test%%";
    process.env[name] = "() { :; }";
    try {
      const shell = await new LocalBackend().bashShell();
      expect(Object.hasOwn(shell.env, name)).toBe(true);
      expect(shell.env[name]).toBeUndefined();
    } finally {
      Reflect.deleteProperty(process.env, name);
    }
  });
});
