/**
 * A private `redis-server` for integration tests: a free loopback port, no persistence
 * (`--save "" --appendonly no`), its working directory a temporary folder. `dispose` kills it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Kills the server and removes its folder. */
  dispose(): Promise<void>;
}

const INSTALL_HINT = "apt-get install -y redis-server";
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** True when `redis-server` is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** One PING over a raw socket: true when the server answers `+PONG`. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => {
      done(false);
    });
    socket.once("error", () => {
      done(false);
    });
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
    socket.once("connect", () => socket.write("PING\r\n"));
  });
}

/** Starts a private redis-server and waits until it answers PING. */
export async function startRedisServer(
  options: { readyTimeoutMs?: number } = {},
): Promise<RedisServer> {
  if (!hasRedisServer()) {
    throw new Error(`redis-server is not on PATH; install it with: ${INSTALL_HINT}`);
  }
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "actorscope-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
  const child = spawn("redis-server", [...args, "--dir", dir], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
  });
  live.add(child);
  let log = "";
  child.stderr.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      live.delete(child);
      resolve();
    });
  });
  const deadline = Date.now() + (options.readyTimeoutMs ?? 10_000);
  while (!(await ping(port))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited before ready:\n${log}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not answer PING in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
