import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile as fsWriteFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackendIoError, LocalBackend } from "../../../src/tools/backends/index.js";

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/**
 * Whether a process still runs. A killed process whose parent is gone may stay a zombie when
 * PID 1 does not reap (as in many containers); a zombie runs nothing, so it counts as gone.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).charAt(0);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** Polls until `pid` stops running (bounded: gives up after ~5 s and reports it running). */
async function stopsRunning(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The pid a command printed on its first line (`echo $!`). */
function printedPid(stdout: Uint8Array): number {
  const pid = Number(text(stdout).split("\n")[0]);
  expect(Number.isInteger(pid) && pid > 0).toBe(true);
  return pid;
}

describe("LocalBackend.run (in a sandbox: temporary cwd and HOME)", () => {
  let sandbox: string;
  let backend: LocalBackend;
  const home = process.env["HOME"];
  beforeAll(async () => {
    sandbox = await mkdtemp(join(tmpdir(), "actorscope-run-"));
    await mkdir(join(sandbox, "home"));
    await mkdir(join(sandbox, "cwd"));
    process.env["HOME"] = join(sandbox, "home");
    backend = new LocalBackend({ killGraceMs: 200, cwd: join(sandbox, "cwd") });
  });
  afterAll(async () => {
    if (home === undefined) delete process.env["HOME"];
    else process.env["HOME"] = home;
    await rm(sandbox, { recursive: true, force: true });
  });

  it("returns the exit code and both streams", async () => {
    const result = await backend.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"]);
    expect(result.exitCode).toBe(3);
    expect(text(result.stdout)).toBe("out\n");
    expect(text(result.stderr)).toBe("err\n");
    expect(result.timedOut).toBe(false);
    expect(result.aborted).toBe(false);
  });

  it("runs in the given cwd with the given environment changes", async () => {
    const result = await backend.run(
      ["/bin/sh", "-c", 'pwd; echo "$AS_TEST_VAR"; echo "${HOME-unset}"'],
      {
        cwd: sandbox,
        env: { AS_TEST_VAR: "hello", HOME: undefined },
      },
    );
    expect(text(result.stdout)).toBe(`${sandbox}\nhello\nunset\n`);
  });

  it("gives the program an empty standard input unless one is given", async () => {
    expect(text((await backend.run(["cat"])).stdout)).toBe("");
    expect(text((await backend.run(["cat"], { stdin: "piped" })).stdout)).toBe("piped");
  });

  it("reports a program that cannot start as exit 127 with the OS error (spec §5.1)", async () => {
    const result = await backend.run(["/nonexistent/program"]);
    expect(result.exitCode).toBe(127);
    expect(text(result.stderr)).toContain("ENOENT");
  });

  it("reports a missing working directory as exit 127", async () => {
    const result = await backend.run(["ls"], { cwd: "/nonexistent/directory" });
    expect(result.exitCode).toBe(127);
  });

  it("reports a signal death as 128 + the signal number", async () => {
    const result = await backend.run(["/bin/sh", "-c", "kill -TERM $$"]);
    expect(result.exitCode).toBe(128 + 15);
    expect(result.signal).toBe("SIGTERM");
  });

  it("caps each stream while it streams, and says so", async () => {
    const result = await backend.run(["head", "-c", "1000000", "/dev/zero"], {
      maxOutputBytes: 1000,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.byteLength).toBe(1000);
    expect(result.stdoutTruncated).toBe(true);
    expect(result.stderrTruncated).toBe(false);
  });

  it("streams output to onOutput as it arrives", async () => {
    const pieces: string[] = [];
    await backend.run(["/bin/sh", "-c", "echo a; echo b >&2"], {
      onOutput: (stream, chunk) => pieces.push(`${stream}:${text(chunk)}`),
    });
    expect(pieces.sort()).toEqual(["stderr:b\n", "stdout:a\n"]);
  });

  it("kills the whole process group on timeout: no orphan survives", async () => {
    const result = await backend.run(["/bin/sh", "-c", "sleep 30 & echo $!; wait"], {
      timeoutMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBe(-1);
    const child = printedPid(result.stdout);
    expect(await stopsRunning(child)).toBe(true);
  });

  it("kills the whole process group when aborted: no orphan survives", async () => {
    const controller = new AbortController();
    const result = await backend.run(["/bin/sh", "-c", "sleep 30 & echo $!; wait"], {
      signal: controller.signal,
      timeoutMs: 60_000,
      onOutput: () => {
        controller.abort();
      },
    });
    expect(result.aborted).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(-1);
    const child = printedPid(result.stdout);
    expect(await stopsRunning(child)).toBe(true);
  });

  it("escalates to SIGKILL when the group ignores SIGTERM", async () => {
    const result = await backend.run(["/bin/sh", "-c", "trap '' TERM; sleep 30 & echo $!; wait"], {
      timeoutMs: 200,
    });
    expect(result.timedOut).toBe(true);
    const child = printedPid(result.stdout);
    expect(await stopsRunning(child)).toBe(true);
  });

  it("does not run at all when the signal has already fired", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await backend.run(["/bin/sh", "-c", "echo ran"], { signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(text(result.stdout)).toBe("");
  });

  it("leaves a program's detached, redirected background job alone when it ends normally", async () => {
    const result = await backend.run([
      "/bin/sh",
      "-c",
      "sleep 30 > /dev/null 2>&1 < /dev/null & echo $!",
    ]);
    expect(result.exitCode).toBe(0);
    const child = printedPid(result.stdout);
    expect(isRunning(child)).toBe(true);
    process.kill(child, "SIGKILL");
    expect(await stopsRunning(child)).toBe(true);
  });

  it("answers an empty argument vector with exit 127", async () => {
    expect((await backend.run([])).exitCode).toBe(127);
  });
});

describe("LocalBackend files", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "actorscope-backend-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a file, creating parents, and reads it back", async () => {
    const backend = new LocalBackend();
    const path = join(dir, "a", "b", "c.txt");
    await backend.writeFile(path, "hello");
    expect(text(await backend.readFile(path))).toBe("hello");
  });

  it("resolves relative paths against its cwd", async () => {
    const backend = new LocalBackend({ cwd: dir });
    await backend.writeFile("relative.txt", new TextEncoder().encode("bytes"));
    expect(text(await backend.readFile(join(dir, "relative.txt")))).toBe("bytes");
    expect(await backend.cwd()).toBe(dir);
  });

  it("fails reads with BACKEND_IO_FAILED and the errno", async () => {
    const backend = new LocalBackend();
    const error = await backend.readFile(join(dir, "missing")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendIoError);
    expect((error as BackendIoError).code).toBe("BACKEND_IO_FAILED");
    expect((error as BackendIoError).errno).toBe("ENOENT");
  });

  it("stats files, directories and symlinks, and returns null for missing paths", async () => {
    const backend = new LocalBackend();
    await fsWriteFile(join(dir, "f.txt"), "12345");
    await symlink(join(dir, "f.txt"), join(dir, "link"));
    expect(await backend.stat(join(dir, "f.txt"))).toMatchObject({ kind: "file", size: 5 });
    expect(await backend.stat(dir)).toMatchObject({ kind: "directory" });
    expect(await backend.stat(join(dir, "link"))).toMatchObject({ kind: "file" });
    expect(await backend.stat(join(dir, "link"), { followSymlinks: false })).toMatchObject({
      kind: "symlink",
    });
    expect(await backend.stat(join(dir, "nope"))).toBeNull();
    expect(await backend.realpath(join(dir, "link"))).toBe(
      await backend.realpath(join(dir, "f.txt")),
    );
  });

  it("lists a directory sorted by name, following symlinks", async () => {
    const backend = new LocalBackend();
    const listing = await backend.listDir(dir);
    const names = listing.map((e) => e.name);
    expect(names).toEqual([...names].sort());
    expect(listing.find((e) => e.name === "a")).toMatchObject({ kind: "directory", size: null });
    expect(listing.find((e) => e.name === "link")).toMatchObject({ kind: "file", size: 5 });
  });

  it("knows the home directory", async () => {
    expect(await new LocalBackend().homeDir()).toBe(homedir());
  });
});
