/**
 * Real special files for the hostile-input tests: FIFOs made by `mkfifo`, sockets a `net.Server`
 * listens on, sparse files, and a bound on every wait so a test that would hang fails instead.
 */
import { execFileSync } from "node:child_process";
import { truncate, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { dirname } from "node:path";
import { makeTempDir } from "../builtin/read/file-fixtures.js";

/** Makes a FIFO at `path` (inside a temp dir), running `mkfifo` there with a temporary HOME. */
export async function mkfifo(path: string): Promise<string> {
  const home = await makeTempDir("actorscope-home-");
  execFileSync("mkfifo", [path], {
    cwd: dirname(path),
    env: { ...process.env, HOME: home },
    stdio: "ignore",
  });
  return path;
}

/** A Unix socket listening at `path`; close it with `server.close()`. */
export async function listenOnSocket(path: string): Promise<Server> {
  const server = createServer((connection) => connection.end());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, resolve);
  });
  return server;
}

/** A sparse file of `size` bytes (no blocks used), its first bytes `head`. */
export async function sparseFile(path: string, size: number, head = ""): Promise<string> {
  await writeFile(path, head);
  await truncate(path, size);
  return path;
}

/**
 * `promise`, or a rejection after `ms`: proves inside the test that the operation returned (a
 * hang becomes a failure naming `what`, not a stuck test run).
 */
export async function bounded<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not return within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
