import { describe, expect, it } from "vitest";
import { findDangerousRemoval } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

const options = { cwd: "/tmp/project/sub", home: "/home/u" };

async function removal(command: string): Promise<string | null> {
  return findDangerousRemoval(await parse(command), options);
}

describe("findDangerousRemoval", () => {
  it("§11.49 rmdir /usr and rmdir ~ are critical removals", async () => {
    expect(await removal("rmdir /usr")).toBe("/usr");
    expect(await removal("rmdir ~")).toBe("~");
  });

  it("§11.49 a deep path is not a critical removal", async () => {
    expect(await removal("rm -rf /tmp/my_project/build")).toBeNull();
  });

  it("flags wildcards, the root, the home directory and root children", async () => {
    for (const [command, path] of [
      ["rm -r *", "*"],
      ["rm -r ./*", "./*"],
      ["rm -r /", "/"],
      ["rm -r ~/", "~/"],
      ["rm -r /home/u", "/home/u"],
      ["rm -r dir/*", "dir/*"],
      ["rm -r /etc", "/etc"],
      ["rm -r '/usr'", "/usr"],
      ["rm -r ../..", "../.."],
      ["sudo rm -r /var", "/var"],
    ] as const) {
      expect(await removal(command), command).toBe(path);
    }
  });

  it("resolves relative operands against the directory a cd leads to", async () => {
    expect(await removal("cd / && rm -r usr")).toBe("usr");
    expect(await removal("cd /tmp/project && rm -r build")).toBeNull();
  });

  it("treats a relative operand after a cd to an unknown place as critical", async () => {
    expect(await removal('cd "$D" && rm -r build')).toBe("build");
  });

  it("ignores other commands and operands with expansions (the path check asks about those)", async () => {
    expect(await removal("ls /")).toBeNull();
    expect(await removal("rm -r $DIR")).toBeNull();
  });
  it("departure 2: rmdir -p would remove every ancestor it names", async () => {
    expect(await removal("rmdir -p /usr/local/share/x")).toBe("/usr");
    expect(await removal("rmdir -p a/b")).toBeNull();
  });
});
