import { describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import {
  Bash,
  checkDangerousCommand,
  checkInjectionRisk,
} from "../../../../src/tools/builtin/bash/index.js";
import { contextOf, fakeBackend, parse, readOnly } from "./helpers.js";

const bash = new Bash({ backend: fakeBackend() });

describe("departure 1: a wrapper whose program is not a literal word is never read-only", () => {
  it.each([
    "ls | xargs env",
    "ls | xargs env -i",
    "ls | xargs env LANG=C",
    "ls | xargs nice",
    "ls | xargs nice -n 5",
    "ls | xargs timeout 5",
    "ls | xargs command",
    "ls | xargs exec",
    "ls | xargs sudo",
    "ls | xargs -0 -n1 nohup",
    "find . -print0 | xargs -0 env --",
    "ls | xargs sh -c",
    "ls | xargs bash",
  ])("departure 1: %j runs whatever arrives on standard input (a safety ASK)", async (command) => {
    expect(await readOnly(command)).toBe(false);
    expect(checkInjectionRisk(await parse(command))).toBe(
      "Command contains xargs which cannot be statically analyzed",
    );
    expect(await bash.checkPermissions({ command }, contextOf())).toMatchObject({
      behavior: "ask",
      bypass_immune: true,
    });
  });

  it.each([
    "echo a | xargs -I{} {} x",
    "echo a | xargs -I % sh -c 'echo %'",
    "echo a | xargs -i sh -c 'cat {}'",
    "echo a | xargs --replace=@ @",
    "find . -name '*.sh' -exec {} \\;",
    "find . -exec sh -c 'cat {}' \\;",
    "find . -exec bash -c '{}' +",
  ])(
    "departure 1: %j runs a placeholder as a program or a script (a safety ASK)",
    async (command) => {
      expect(checkInjectionRisk(await parse(command))).toBe(
        "Command contains placeholder which cannot be statically analyzed",
      );
    },
  );

  it.each([
    ["env -S 'rm -rf /'", "split_string"],
    ["env --split-string='ls -la'", "split_string"],
    ["timeout * ls", "glob"],
    ["nice ?? cat f", "glob"],
    ["env *", "glob"],
    ["sudo $CMD", "simple_expansion"],
  ])("departure 1: %j may run anything the shell expands to (%s)", async (command, why) => {
    expect(checkInjectionRisk(await parse(command))).toBe(
      `Command contains ${why} which cannot be statically analyzed`,
    );
  });

  it("departure 1: xargs alone (echo), and xargs with a literal read-only program, stay read-only", async () => {
    for (const command of [
      "ls | xargs",
      "find . -name '*.md' | xargs grep -n TODO",
      "find . -print0 | xargs -0 wc -l",
      "ls | xargs -n1 cat",
      "ls | xargs --replace cat",
    ]) {
      expect(await readOnly(command), command).toBe(true);
    }
    // `--replace` takes no separate value: `rm` is the program, not the replace string.
    expect(await readOnly("ls | xargs --replace rm {}")).toBe(false);
  });
});

describe("departure 1: sudo, doas, su, pkexec and other privilege changes are never read-only", () => {
  it.each([
    "sudo cat /etc/hosts",
    "sudo -u root ls",
    "sudo -n ls",
    "doas ls",
    "pkexec ls",
    "pkexec --user root ls",
    "run0 ls",
    "run0 --user=root ls",
    "chroot / ls",
    "su -c 'ls'",
    "su root -c 'ls'",
    "sg wheel 'ls'",
    "newgrp wheel",
    "runuser -u nobody -- ls",
    "setpriv --reuid=1000 ls",
    "unshare -r ls",
    "nsenter -t 1 -m ls",
    "capsh --print",
    "env sudo ls",
    "command sudo ls",
    "nice sudo ls",
    "sudo env ls",
    "sudo -s",
    "sudo -i",
  ])("departure 1: %j is not read-only", async (command) => {
    expect(await readOnly(command)).toBe(false);
    expect((await new PermissionEngine({}).decide(bash, { command })).behavior).toBe("ask");
  });

  it("the safety checks look through them: sudo rm -rf / is still rm -rf", async () => {
    for (const command of [
      "sudo rm -rf /",
      "doas rm -rf /",
      "pkexec rm -rf /",
      "run0 rm -rf /",
      "chroot / rm -rf /",
      "sudo -u root env nice rm -rf /",
      "sg wheel 'rm -rf /'",
      "su -c 'rm -rf /'",
      "coproc rm -rf /",
    ]) {
      expect(checkDangerousCommand(await parse(command)), command).toBe("rm -rf");
    }
    for (const command of ["sudo rm x", "doas rm x", "pkexec rm x", "run0 rm x", "chroot / rm x"]) {
      expect(checkDangerousCommand(await parse(command)), command).toBe("sudo rm");
    }
  });
});
