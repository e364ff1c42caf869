import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  remoteToolSource,
  type RemoteToolSource,
  type ToolExecution,
} from "../../src/actors/index.js";
import { NatsBus } from "../../src/bus/index.js";
import { chunksOf, remoteCode, textOf, until } from "../actors/tool-worker/tool-fixtures.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";
import { runFixture, type FixtureProcess } from "./agent-bus-process.js";

useQuietLogger();
const WORKERS = ["worker-a", "worker-b", "worker-c"];
const HEARTBEAT_MS = 200;
const CALLS = 300;

/** The executions a worker process reported so far (it prints one line per execution). */
function executions(worker: FixtureProcess): ToolExecution[] {
  return worker.lines
    .filter((line) => line.startsWith('{"execution"'))
    .map((line) => (JSON.parse(line) as { execution: ToolExecution }).execution);
}

describe("three tool-worker processes in one queue group on NATS", () => {
  let server: NatsServer;
  let bus: NatsBus;
  let source: RemoteToolSource;
  const workers: FixtureProcess[] = [];

  beforeAll(async () => {
    server = await startNatsServer();
    for (const id of WORKERS) {
      const worker = await runFixture(
        "worker.ts",
        [server.url, id, String(HEARTBEAT_MS)],
        "tool-workers",
      );
      workers.push(worker);
    }
    await Promise.all(workers.map((w) => w.line((l) => l === "ready")));
    bus = await NatsBus.connect({ servers: server.url, name: "agent-side" });
    source = await remoteToolSource(bus, { names: ["Bash", "echo", "hold"] });
    await source.whenTools(["Bash", "echo", "hold"], 10_000);
  }, 120_000);

  afterAll(async () => {
    await source.close();
    await bus.close();
    await Promise.all(workers.map((w) => w.dispose()));
    await server.dispose();
  });

  it(`spreads ${CALLS} calls of Bash and a FunctionTool a third to each worker (±10%), each run once`, async () => {
    const bash = source.tools().find((t) => t.name === "Bash")!;
    const echo = source.tools().find((t) => t.name === "echo")!;
    let next = 0;
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = next++; i < CALLS; i = next++) {
          const chunks =
            i % 2 === 0
              ? await chunksOf(bash, { command: `echo call-${i}` })
              : await chunksOf(echo, { text: `call-${i}` });
          const text = chunks.map(textOf).join("");
          if (chunks.some((c) => c.state === "error") || !text.includes(`call-${i}`)) {
            failed.push(`${i}: ${text}`);
          }
        }
      }),
    );
    expect(failed).toEqual([]);
    await until(() => workers.reduce((n, w) => n + executions(w).length, 0) >= CALLS);
    const perWorker = workers.map((w) => executions(w).length);
    expect(perWorker.reduce((a, b) => a + b, 0)).toBe(CALLS);
    for (const count of perWorker) expect(Math.abs(count - CALLS / 3)).toBeLessThanOrEqual(10);
    const ids = workers.flatMap((w) => executions(w).map((e) => e.call_id));
    expect(new Set(ids).size).toBe(ids.length);
  }, 180_000);

  it("a worker killed mid-call gives that call ONE error result, the others keep serving, nothing runs twice", async () => {
    const hold = source.tools().find((t) => t.name === "hold")!;
    const echo = source.tools().find((t) => t.name === "echo")!;
    const before = workers.map((w) => executions(w).length);
    const held = chunksOf(hold, {});
    // Whichever worker took it is the one to kill.
    let victim = -1;
    await until(() => {
      victim = workers.findIndex((w, i) => executions(w).length > (before[i] ?? 0));
      return victim >= 0;
    });
    await workers[victim]!.line((l) => l === "holding");
    workers[victim]!.child.kill("SIGKILL");
    const chunks = await held;
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("error");
    expect(remoteCode(chunks[0])).toBe("TOOL_WORKER_LOST");
    expect(textOf(chunks[0])).toContain(`on worker '${WORKERS[victim]}'`);
    expect(textOf(chunks[0])).toContain("it may or may not have run");

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => chunksOf(echo, { text: `after-${i}` })),
    );
    expect(answers.map((c) => c[0]?.state)).toEqual(Array(30).fill("running"));
    const servedBy = new Set(answers.map((c) => textOf(c[0]).split(":")[0]));
    expect(servedBy.has(WORKERS[victim])).toBe(false);
    expect(servedBy.size).toBe(2);
    const ids = workers.flatMap((w) => executions(w).map((e) => e.call_id));
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);
});
