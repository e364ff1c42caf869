import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";

const FIXTURE = resolve(import.meta.dirname, "fixtures/hub/hub-member.ts");
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const AGENTS = 50;
const PROCESSES = 3;
const ROUNDS = 10;

interface Report {
  readonly pid: number;
  /** The hub's posts in the order this process's member delivered them. */
  readonly posts: readonly { sender: string | null; id: string }[];
  /** Per agent of the process: a hash of the ids of what it observed, in order. */
  readonly observed: Readonly<Record<string, { hash: string; count: number }>>;
}

/** One member process: resolves `ready` when its member is live, `report` when it is done. */
function member(
  url: string,
  hub: string,
  ids: readonly string[],
  dirs: { cwd: string; home: string },
) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--conditions=actorscope-source",
      "--import",
      TSX,
      FIXTURE,
      url,
      hub,
      String(ROUNDS),
      String(AGENTS),
      ids.join(","),
    ],
    { cwd: dirs.cwd, env: { ...process.env, HOME: dirs.home }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const out = createInterface({ input: child.stdout! });
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const report = new Promise<Report>((resolve, reject) => {
    out.on("line", (line) => {
      if (line === "ready") markReady();
      else if (line.startsWith("{")) resolve(JSON.parse(line) as Report);
    });
    child.once("exit", (code) => {
      reject(new Error(`hub member exited with ${code} before its report:\n${stderr}`));
    });
  });
  return { child, ready, report, go: () => child.stdin?.write("go\n") };
}

const sha256 = (ids: readonly string[]) =>
  createHash("sha256").update(ids.join("\n")).digest("hex");

describe("MsgHub across processes on NATS", () => {
  let server: NatsServer;
  let dirs: { cwd: string; home: string };
  beforeAll(async () => {
    server = await startNatsServer();
    dirs = {
      cwd: await mkdtemp(join(tmpdir(), "actorscope-hub-cwd-")),
      home: await mkdtemp(join(tmpdir(), "actorscope-hub-home-")),
    };
  });
  afterAll(async () => {
    await server.dispose();
    await rm(dirs.cwd, { recursive: true, force: true });
    await rm(dirs.home, { recursive: true, force: true });
  });

  it("50 agents in 3 processes, 10 rounds: every agent observed the same sequence (all but its own)", async () => {
    const ids = Array.from({ length: AGENTS }, (_, i) => `agent-${i}`);
    const shares = Array.from({ length: PROCESSES }, (_, p) =>
      ids.filter((_, i) => i % PROCESSES === p),
    );
    const members = shares.map((share) => member(server.url, "sim-hub", share, dirs));
    try {
      await Promise.all(members.map((m) => m.ready));
      for (const m of members) m.go();
      const reports = await Promise.all(members.map((m) => m.report));

      const [first, ...others] = reports;
      expect(first!.posts).toHaveLength(AGENTS * ROUNDS);
      for (const other of others) expect(other.posts).toEqual(first!.posts);
      const order = first!.posts;
      for (const report of reports) {
        for (const [id, seen] of Object.entries(report.observed)) {
          const expected = [
            "announcement",
            ...order.filter((p) => p.sender !== id).map((p) => p.id),
          ];
          expect(seen.count, id).toBe(expected.length);
          expect(seen.hash, id).toBe(sha256(expected));
        }
      }
      expect(reports.flatMap((r) => Object.keys(r.observed)).sort()).toEqual([...ids].sort());
    } finally {
      for (const m of members) m.child.kill("SIGKILL");
    }
  }, 120_000);
});
