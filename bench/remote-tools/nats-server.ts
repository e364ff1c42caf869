import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A private nats-server for the benchmark, as the test harness starts one: loopback, a free port, JetStream in a temporary folder. */
export interface BenchNatsServer {
  readonly url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** Starts nats-server (the Debian package `nats-server`) and waits until it is ready (10 s at most). */
export async function startBenchNatsServer(): Promise<BenchNatsServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "actorscope-bench-nats-"));
  const child: ChildProcess = spawn(
    "nats-server",
    ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", dir],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`nats-server did not start in 10 s:\n${log}`));
    }, 10_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(
        new Error(`nats-server could not start (apt-get install -y nats-server): ${error.message}`),
      );
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Server is ready")) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners("data");
        child.stderr?.resume();
        resolve();
      }
    });
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once("exit", () => {
          resolve();
        });
        child.kill("SIGTERM");
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
