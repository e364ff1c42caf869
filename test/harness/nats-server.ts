/**
 * A private `nats-server` for integration tests: JetStream on, a free loopback port, a temporary
 * store directory. Tests may stop, restart or kill it to inject faults; the port and the store stay
 * the same across restarts, so clients can reconnect and JetStream keeps its data.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

/** Subjects a user may or may not publish or subscribe to (NATS `permissions` block). */
export interface NatsSubjectPermission {
  allow?: readonly string[];
  deny?: readonly string[];
}

/** One user of the server's `authorization` block, with optional subject permissions. */
export interface NatsUser {
  user: string;
  password: string;
  permissions?: {
    publish?: NatsSubjectPermission;
    subscribe?: NatsSubjectPermission;
    /** Lets the user reply to requests it received, whatever its publish permissions. */
    allow_responses?: boolean | { max?: number; expires?: string };
  };
}

/**
 * A nats-server configuration, written as JSON (which the NATS config format accepts) to a file
 * in the server's temporary directory and passed with `-c`. Only what the tests need is typed;
 * `extra` is merged in as is.
 */
export interface NatsServerConfig {
  authorization?: { users?: readonly NatsUser[]; token?: string; timeout?: number };
  extra?: Record<string, unknown>;
}

export interface NatsServerOptions {
  /** JetStream on (default true). */
  jetstream?: boolean;
  /** A configuration (users, permissions, tokens), or its text in the NATS config format. */
  config?: NatsServerConfig | string;
  /** Extra command-line arguments for nats-server. */
  args?: readonly string[];
  /** How long to wait for "Server is ready" (default 10 s). */
  readyTimeoutMs?: number;
}

export interface NatsServer {
  /** `nats://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** The JetStream store directory (kept across restarts, removed by `dispose`). */
  readonly storeDir: string;
  /** True while the process runs. */
  readonly running: boolean;
  /** Stops the server gracefully (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL): a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store. */
  start(): Promise<void>;
  /** `stop()` then `start()`. */
  restart(): Promise<void>;
  /**
   * Rewrites the configuration (a server started with one) and has the running server reload it
   * (SIGHUP): changed permissions apply to the connected clients at once, as in production.
   * Resolves once the server says it reloaded; rejects when it refuses the new configuration.
   */
  reload(config: NatsServerConfig | string): Promise<void>;
  /** Stops the server and removes its store. */
  dispose(): Promise<void>;
}

const INSTALL_HINT = "apt-get install -y nats-server";
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/**
 * The configuration file's text. JetStream goes in the file, not on the command line, when the
 * configuration is an object: a reload (SIGHUP) re-reads only the file, and one without a
 * `jetstream` block shuts JetStream down.
 */
function configText(config: NatsServerConfig | string, jetstreamDir: string | undefined): string {
  if (typeof config === "string") return config;
  const { extra, ...rest } = config;
  const jetstream = jetstreamDir === undefined ? {} : { jetstream: { store_dir: jetstreamDir } };
  return JSON.stringify({ ...jetstream, ...rest, ...extra }, null, 2);
}

/** True when `nats-server` is on PATH. */
export function hasNatsServer(): boolean {
  return spawnSync("nats-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Starts a private nats-server and waits until it accepts clients. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  if (!hasNatsServer()) {
    throw new Error(`nats-server is not on PATH; install it with: ${INSTALL_HINT}`);
  }
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), "actorscope-nats-"));
  const args = ["-a", "127.0.0.1", "-p", String(port)];
  const configFile = join(storeDir, "server.conf");
  const jetstream = options.jetstream ?? true;
  const jetstreamInFile = jetstream && typeof options.config === "object";
  const jetstreamDir = jetstreamInFile ? storeDir : undefined;
  if (options.config !== undefined) {
    await writeFile(configFile, configText(options.config, jetstreamDir));
    args.push("-c", configFile);
  }
  if (jetstream && !jetstreamInFile) args.push("-js", "-sd", storeDir);
  args.push(...(options.args ?? []));
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000;
  let child: ChildProcess | undefined;

  const launch = async (): Promise<void> => {
    const proc = spawn("nats-server", args, { stdio: ["ignore", "ignore", "pipe"] });
    live.add(proc);
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let log = "";
      const timer = setTimeout(() => {
        proc.kill("SIGKILL");
        reject(new Error(`nats-server did not become ready in ${readyTimeoutMs} ms:\n${log}`));
      }, readyTimeoutMs);
      const onData = (chunk: Buffer): void => {
        log += chunk.toString();
        if (log.includes("Server is ready")) {
          clearTimeout(timer);
          proc.stderr?.off("data", onData);
          proc.stderr?.resume(); // keep draining so the pipe never blocks the server
          resolve();
        }
      };
      proc.stderr?.on("data", onData);
      proc.once("exit", (code, signal) => {
        live.delete(proc);
        clearTimeout(timer);
        reject(
          new Error(`nats-server exited before ready (code ${code}, signal ${signal}):\n${log}`),
        );
      });
    });
  };

  const reload = async (config: NatsServerConfig | string): Promise<void> => {
    const proc = child;
    if (options.config === undefined) throw new Error("reload: the server has no configuration");
    if (proc === undefined || proc.exitCode !== null) throw new Error("reload: not running");
    await writeFile(configFile, configText(config, jetstreamDir));
    await new Promise<void>((resolve, reject) => {
      let log = "";
      const timer = setTimeout(() => {
        done(new Error(`nats-server did not reload in ${readyTimeoutMs} ms:\n${log}`));
      }, readyTimeoutMs);
      const done = (error?: Error): void => {
        clearTimeout(timer);
        proc.stderr?.off("data", onData);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onData = (chunk: Buffer): void => {
        log += chunk.toString();
        if (log.includes("Reloaded server configuration")) done();
        else if (/Failed to reload|\[(ERR|FTL)\]/.test(log)) done(new Error(log));
      };
      proc.stderr?.on("data", onData);
      proc.kill("SIGHUP");
    });
  };

  const terminate = async (signal: NodeJS.Signals): Promise<void> => {
    const proc = child;
    if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    child = undefined;
    await new Promise<void>((resolve) => {
      const escalate = setTimeout(() => proc.kill("SIGKILL"), 5_000);
      proc.once("exit", () => {
        clearTimeout(escalate);
        live.delete(proc);
        resolve();
      });
      proc.kill(signal);
    });
  };

  await launch();
  const server: NatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    stop: () => terminate("SIGTERM"),
    kill: () => terminate("SIGKILL"),
    start: async () => {
      if (!server.running) await launch();
    },
    restart: async () => {
      await terminate("SIGTERM");
      await launch();
    },
    reload,
    dispose: async () => {
      await terminate("SIGTERM");
      await rm(storeDir, { recursive: true, force: true });
    },
  };
  return server;
}
