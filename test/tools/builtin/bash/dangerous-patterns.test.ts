import { describe, expect, it } from "vitest";
import { checkDangerousCommand } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function pattern(command: string): Promise<string | null> {
  return checkDangerousCommand(await parse(command));
}

describe("checkDangerousCommand", () => {
  it("§11.48 reports the patterns of the list", async () => {
    expect(await pattern("git add .")).toBeNull();
    expect(await pattern("dd if=a of=b")).toBe("dd");
    expect(await pattern("chmod 777 f")).toBe("chmod 777");
    expect(await pattern("chmod -R 777 /x")).toBe("chmod -R 777");
    expect(await pattern("sudo rm -rf /var/log")).toBe("rm -rf");
    expect(await pattern("chmod 644 f")).toBeNull();
  });

  it("§11.48 adapted by departure 4: npm run format is not the format command (the reference said format)", async () => {
    expect(await pattern("npm run format")).toBeNull();
    expect(await pattern("format c:")).toBe("format");
  });

  it("departure 4: rm -rf matches in any flag spelling", async () => {
    for (const command of [
      "rm -rf x",
      "rm -fr x",
      "rm -r -f x",
      "rm -Rf x",
      "rm --recursive --force x",
      "rm -f x -r",
      "rm --rec --for x",
      "\\rm -rf x",
      "r''m -rf x",
    ]) {
      expect(await pattern(command), command).toBe("rm -rf");
    }
    expect(await pattern("rm -r x")).toBeNull();
    expect(await pattern("rm -f x")).toBeNull();
    expect(await pattern("rm -- -rf")).toBeNull();
    expect(await pattern("echo 'rm -rf /'")).toBeNull();
    expect(await pattern("git commit -m 'rm -rf is bad'")).toBeNull();
  });

  it("departure 4: > /dev/null, 2> /dev/null and &> /dev/null are not dangerous", async () => {
    expect(await pattern("ls > /dev/null")).toBeNull();
    expect(await pattern("ls 2> /dev/null")).toBeNull();
    expect(await pattern("ls 2>/dev/null")).toBeNull();
    expect(await pattern("ls &> /dev/null")).toBeNull();
    expect(await pattern("ls > /dev/stderr")).toBeNull();
    expect(await pattern("echo x > /dev/sda")).toBe("> /dev/");
    expect(await pattern("echo x >/dev/sda")).toBe("> /dev/");
  });

  it("departure 4: program names match whole, not inside words", async () => {
    expect(await pattern("echo dd")).toBeNull();
    expect(await pattern("ddrescue a b")).toBeNull();
    expect(await pattern("mkfs.ext4 /dev/sdb1")).toBe("mkfs");
    expect(await pattern("/sbin/mkfs -t ext4 x")).toBe("mkfs");
    expect(await pattern("sfdisk /dev/sda")).toBe("fdisk");
  });

  it("sees through wrappers and into sh -c, eval and find -exec", async () => {
    expect(await pattern("env rm -rf /")).toBe("rm -rf");
    expect(await pattern("ls | xargs rm -rf")).toBe("rm -rf");
    expect(await pattern("bash -c 'rm -rf /'")).toBe("rm -rf");
    expect(await pattern("eval 'rm -fr /'")).toBe("rm -rf");
    expect(await pattern("find / -exec rm -rf {} +")).toBe("rm -rf");
    expect(await pattern("sudo rm x")).toBe("sudo rm");
    expect(await pattern("timeout 5 dd if=/dev/zero of=x")).toBe("dd");
  });

  it("reads chown -R, kill -9 and chmod modes token by token", async () => {
    expect(await pattern("chown -R u:g /x")).toBe("chown -R");
    expect(await pattern("chown u:g /x")).toBeNull();
    expect(await pattern("kill -9 1")).toBe("kill -9");
    expect(await pattern("kill -KILL 1")).toBe("kill -9");
    expect(await pattern("kill -s KILL 1")).toBe("kill -9");
    expect(await pattern("pkill -9 node")).toBe("kill -9");
    expect(await pattern("kill 1")).toBeNull();
    expect(await pattern("chmod 0777 f")).toBe("chmod 777");
    expect(await pattern("chmod a+rwx f")).toBe("chmod 777");
    expect(await pattern("chmod --recursive 777 d")).toBe("chmod -R 777");
  });
});
