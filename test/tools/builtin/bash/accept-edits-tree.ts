import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PermissionEngine, type PermissionBehavior } from "../../../../src/permission/index.js";
import { Bash, type BashOptions } from "../../../../src/tools/builtin/bash/index.js";
import { fakeBackend } from "./helpers.js";

/**
 * A real temporary tree for ACCEPT_EDITS tests (nothing is ever run in it):
 *
 * ```
 * base/wd/            the working directory (also the tool's cwd)
 *   a.txt b.txt       plain files
 *   sub/              a directory; sub/up → base/out
 *   to-out → ../out/deep        a directory link out of the working directory
 *   dangling → ../out/new-file  a dangling link whose target is outside
 *   chain → dangling            a chain ending outside
 *   inner-link → a.txt          a file link inside
 *   hardlink                    a second name of base/out/secret
 *   dir/link → ../out           a directory holding a link
 *   into/a.txt → ../../out/secret  a directory where `cp a.txt into` would write through a link
 * base/out/deep/, base/out/secret   outside
 * base/home/          HOME
 * ```
 */
export interface Tree {
  readonly base: string;
  readonly wd: string;
  readonly out: string;
  readonly home: string;
  remove(): Promise<void>;
}

export async function makeTree(): Promise<Tree> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "actorscope-accept-edits-")));
  const wd = join(base, "wd");
  const out = join(base, "out");
  const home = join(base, "home");
  for (const dir of [join(wd, "sub"), join(wd, "dir"), join(wd, "into"), join(out, "deep"), home]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(join(wd, "a.txt"), "a\n");
  await writeFile(join(wd, "b.txt"), "b\n");
  await writeFile(join(out, "secret"), "s\n");
  await symlink(out, join(wd, "sub", "up"));
  await symlink("../out/deep", join(wd, "to-out"));
  await symlink("../out/new-file", join(wd, "dangling"));
  await symlink("dangling", join(wd, "chain"));
  await symlink("a.txt", join(wd, "inner-link"));
  await link(join(out, "secret"), join(wd, "hardlink"));
  await symlink("../out", join(wd, "dir", "link"));
  await symlink("../../out/secret", join(wd, "into", "a.txt"));
  return { base, wd, out, home, remove: () => rm(base, { recursive: true, force: true }) };
}

/** The Bash tool as the tests see it: running in the tree's working directory. */
export function bashIn(tree: Tree, options: BashOptions = {}): Bash {
  return new Bash({ backend: fakeBackend({ home: tree.home, cwd: tree.wd }), ...options });
}

/** The engine's behaviour for `command` in ACCEPT_EDITS with the tree's working directory. */
export async function acceptEdits(
  tree: Tree,
  command: string,
  options: BashOptions = {},
  extraDirectories: readonly string[] = [],
): Promise<PermissionBehavior> {
  const working = Object.fromEntries(
    [tree.wd, ...extraDirectories].map((path) => [path, { path, source: "session" }]),
  );
  const engine = new PermissionEngine({ mode: "accept_edits", working_directories: working });
  return (await engine.decide(bashIn(tree, options), { command })).behavior;
}
