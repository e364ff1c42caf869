import { describe, expect, it } from "vitest";
import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
  isDangerousPath,
} from "../../src/permission/index.js";

describe("isDangerousPath (spec §4)", () => {
  it("holds the reference's default lists", () => {
    expect(DEFAULT_DANGEROUS_FILES).toHaveLength(22);
    expect(DEFAULT_DANGEROUS_FILES).toContain(".ssh/config");
    expect(DEFAULT_DANGEROUS_DIRECTORIES).toEqual([".git", ".vscode", ".idea", ".ssh"]);
  });

  it.each([
    ["/home/u/.bashrc", true],
    ["~/.bashrc", true],
    ["/home/u/.BASHRC", true],
    ["/srv/app/.Env.Production", true],
    ["/home/u/.bashrc.bak", false],
    ["/home/u/.bashrc/notes", false],
  ])("matches a dangerous file by its basename, case-insensitively: %s → %s", (path, dangerous) => {
    expect(isDangerousPath(path)).toBe(dangerous);
  });

  it.each([
    ["/repo/.git/hooks/pre-commit", true],
    ["/repo/.GIT/config", true],
    ["/repo/.vscode", true],
    ["/repo/.github/workflows/ci.yml", false],
    ["/repo/my.git/x", false],
    ["/repo/.git/../src/a.ts", false],
  ])("matches a dangerous directory as a whole path segment: %s → %s", (path, dangerous) => {
    expect(isDangerousPath(path)).toBe(dangerous);
  });

  it("resolves a relative path against the given cwd", () => {
    expect(isDangerousPath("config", { cwd: "/repo/.git" })).toBe(true);
    expect(isDangerousPath("config", { cwd: "/repo/src" })).toBe(false);
  });

  it.each([
    ["/home/u/.ssh/config", true],
    ["/HOME/U/.SSH/CONFIG", true],
    ["/home/u/.ssh/authorized_keys", true],
    ["/home/u/config", false],
    ["/home/u/x.ssh/config", false],
    ["/etc/app/config", false],
  ])(
    "departure 3: matches an entry with a slash as a path suffix, even with no dangerous directories: %s → %s",
    (path, dangerous) => {
      expect(isDangerousPath(path, { dangerousDirectories: [] })).toBe(dangerous);
    },
  );

  it("lets custom lists replace the defaults, and empty lists disable the checks", () => {
    const custom = { dangerousFiles: ["secrets.yaml"], dangerousDirectories: ["vault"] };
    expect(isDangerousPath("/srv/secrets.yaml", custom)).toBe(true);
    expect(isDangerousPath("/srv/vault/key", custom)).toBe(true);
    expect(isDangerousPath("/home/u/.bashrc", custom)).toBe(false);
    expect(
      isDangerousPath("/repo/.git/config", { dangerousFiles: [], dangerousDirectories: [] }),
    ).toBe(false);
  });

  it("judges the path as given: unquoting shell words is the caller's job (departure 3 in Bash)", () => {
    expect(isDangerousPath("/home/u/.bashrc")).toBe(true);
    // The quote characters are part of the name here; Bash's path extraction strips them first.
    expect(isDangerousPath('/home/u/".bashrc"')).toBe(false);
  });
});
