/**
 * Runs a fixture of `fixtures/<folder>/` (`agent-bus` unless told) as its own process (node with tsx's loader and the
 * `actorscope-source` condition, against the source), in a temporary working directory with HOME another temporary directory, and reads
 * its stdout line by line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "../..");
// tsx as a loader of this node process (not its CLI, which would run the fixture in a child of
// its own): killing the process then kills the fixture itself, as a crash would.
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

export interface FixtureProcess {
  readonly child: ChildProcess;
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** Resolves with the first line (past or future) that `match` accepts; rejects after `timeoutMs` or if the process exits first. */
  line(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Writes one line to its stdin. */
  send(line: string): void;
  /** Resolves with its exit code (or signal) once it has exited. */
  readonly exited: Promise<number | string>;
  /** Kills it (SIGKILL) if it still runs, and removes its temporary directories. */
  dispose(): Promise<void>;
}

export async function runFixture(
  file: string,
  args: readonly string[],
  folder = "agent-bus",
): Promise<FixtureProcess> {
  const cwd = await mkdtemp(join(tmpdir(), "actorscope-agent-bus-"));
  const home = await mkdtemp(join(tmpdir(), "actorscope-agent-bus-home-"));
  const child = spawn(
    process.execPath,
    [
      "--conditions=actorscope-source",
      "--import",
      TSX_LOADER,
      join(ROOT, "test/integration/fixtures", folder, file),
      ...args,
    ],
    {
      cwd,
      env: { ...process.env, HOME: home, TSX_TSCONFIG_PATH: join(ROOT, "tsconfig.json") },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | string>((done) => {
    child.once("exit", (code, signal) => {
      for (const wake of waiters) wake();
      done(code ?? signal ?? "unknown");
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    child,
    lines,
    exited,
    line(match, timeoutMs = 30_000) {
      return new Promise<string>((ok, fail) => {
        const check = () => {
          const found = lines.find(match);
          if (found !== undefined)
            finish(() => {
              ok(found);
            });
          else if (gone || child.exitCode !== null || child.signalCode !== null)
            finish(() => {
              fail(new Error(`${file} exited before the line; it printed: ${lines.join(" | ")}`));
            });
        };
        const timer = setTimeout(() => {
          finish(() => {
            fail(
              new Error(`${file} did not print the line in ${timeoutMs} ms: ${lines.join(" | ")}`),
            );
          });
        }, timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      await Promise.all([cwd, home].map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
