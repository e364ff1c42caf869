import { firstValueFrom } from "rxjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  remoteToolSource,
  remoteTools,
  serveTools,
  type RemoteToolSource,
  type ToolWorker,
} from "../../../src/actors/index.js";
import { Subjects } from "../../../src/bus/index.js";
import { Toolkit } from "../../../src/tools/index.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";
import { TRANSPORTS, type BusPair } from "../agent-bus/transports.js";
import {
  CountTool,
  chunksOf,
  echoTool,
  remoteCode,
  textOf,
  until,
  waitTool,
} from "../tool-worker/tool-fixtures.js";
import { fakeEntry, fakeWorker } from "./fake-worker.js";

useQuietLogger();
const subjects = new Subjects();
const ACCEPTED = { frame: { kind: "accepted", heartbeat_ms: 50, worker_id: "fake-1" } };
const chunk = (text: string) => ({
  frame: { kind: "chunk", chunk: { content: [{ type: "text", text }] } },
});

describe.each(TRANSPORTS)("remote tools on $name", (transport) => {
  let pair: BusPair;
  const workers: ToolWorker[] = [];
  const stops: (() => Promise<void>)[] = [];
  const serve = async (...args: Parameters<typeof serveTools>) => {
    const worker = await serveTools(...args);
    workers.push(worker);
    return worker;
  };
  const fake = async (...args: Parameters<typeof fakeWorker>) => {
    const worker = await fakeWorker(...args);
    stops.push(() => worker.stop());
    return worker;
  };
  beforeAll(async () => {
    pair = await transport.open();
  });
  afterEach(async () => {
    await Promise.all([
      ...workers.splice(0).map((w) => w.stop()),
      ...stops.splice(0).map((s) => s()),
    ]);
  });
  afterAll(async () => {
    await pair.close();
  });

  it("a source lists the tools with a live worker and announces workers joining and leaving", async () => {
    const source: RemoteToolSource = await remoteToolSource(pair.calling, {
      names: ["echo", "count"],
    });
    expect(await source.listTools()).toEqual([]);
    const joined = firstValueFrom(source.changes$);
    const worker = await serveTools(pair.serving, [echoTool(), new CountTool()]);
    await joined;
    await until(() => source.tools().length === 2, 5_000, "both tools listed");
    const toolkit = new Toolkit({ sources: [source] });
    const view = await toolkit.view();
    expect([...view.tools.keys()].sort()).toEqual(["count", "echo"]);
    const left = firstValueFrom(source.changes$);
    await worker.stop();
    await left;
    await until(() => source.tools().length === 0, 5_000, "the tools gone");
    expect([...(await toolkit.view()).tools.keys()]).toEqual([]);
    await source.close();
  });

  it("a worker that stops refreshing its entry goes stale and its tool is no longer listed", async () => {
    const kv = await pair.calling.keyValue(subjects.registry());
    const key = subjects.registryKey("ghost", "ghost-1");
    const old = new Date(Date.now() - 10_000).toISOString();
    await kv.put(key, fakeEntry("ghost", "ghost-1", { liveness_ms: 100, updated_at: old }));
    const source = await remoteToolSource(pair.calling, { names: ["ghost"] });
    expect(source.tools()).toEqual([]);
    const fresh = firstValueFrom(source.changes$);
    await kv.put(key, fakeEntry("ghost", "ghost-1", { liveness_ms: 100 }));
    await fresh;
    expect(source.tools().map((t) => t.name)).toEqual(["ghost"]);
    const stale = firstValueFrom(source.changes$);
    await stale;
    expect(source.tools()).toEqual([]);
    await source.close();
    await kv.delete(key);
  });

  it("ends a call with ONE error chunk when nobody serves the tool: it did not run", async () => {
    const tools = await remoteTools(pair.calling, { names: ["fake-none"] });
    expect(tools).toEqual([]);
    // A proxy whose worker is gone: its registry entry still there, nobody behind it.
    const kv = await pair.calling.keyValue(subjects.registry());
    await kv.put(subjects.registryKey("nobody", "gone-1"), fakeEntry("nobody", "gone-1"));
    const [tool] = await remoteTools(pair.calling, { names: ["nobody"], waitMs: 5_000 });
    const chunks = await chunksOf(tool!, {});
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("error");
    expect(remoteCode(chunks[0])).toBe("TOOL_NO_WORKER");
    expect(textOf(chunks[0])).toContain("it did not run");
    await kv.delete(subjects.registryKey("nobody", "gone-1"));
  });

  it("sends a call nobody got on a worker's own subject to another worker, and it runs once", async () => {
    const ran: string[] = [];
    await serve(pair.serving, [echoTool(ran)], { workerId: "real-1" });
    const kv = await pair.calling.keyValue(subjects.registry());
    const ghost = subjects.registryKey("echo", "a-ghost");
    await kv.put(ghost, fakeEntry("echo", "a-ghost", { input_schema: echoTool().inputSchema }));
    const source = await remoteToolSource(pair.calling, { names: ["echo"] });
    await until(() => source.tools().length === 1);
    const [echo] = source.tools();
    const answers = await Promise.all([1, 2, 3, 4].map((i) => chunksOf(echo!, { text: `t${i}` })));
    expect(answers.map((c) => textOf(c[0]))).toEqual([
      "echo: t1",
      "echo: t2",
      "echo: t3",
      "echo: t4",
    ]);
    expect(ran.sort()).toEqual(["t1", "t2", "t3", "t4"]);
    await source.close();
    await kv.delete(ghost);
  });

  it("ends a call whose worker stops beating with ONE error chunk: TOOL_WORKER_LOST, it may have run", async () => {
    await fake(pair.serving, "silent", "fake-1", () => [ACCEPTED, chunk("partial")]);
    const [tool] = await remoteTools(pair.calling, { names: ["silent"], waitMs: 5_000 });
    const chunks = await chunksOf(tool!, {});
    expect(chunks.map((c) => c.state)).toEqual(["running", "error"]);
    expect(textOf(chunks[0])).toBe("partial");
    expect(remoteCode(chunks[1])).toBe("TOOL_WORKER_LOST");
    expect(textOf(chunks[1])).toContain("it may or may not have run");
  });

  it("ends a call whose answer loses a frame with ONE error chunk: TOOL_FRAMES_LOST", async () => {
    await fake(pair.serving, "gappy", "fake-1", () => [
      ACCEPTED,
      { ...chunk("one"), seq: 2 },
      { frame: { kind: "end" } },
    ]);
    const [tool] = await remoteTools(pair.calling, { names: ["gappy"], waitMs: 5_000 });
    const chunks = await chunksOf(tool!, {});
    expect(chunks).toHaveLength(1);
    expect(remoteCode(chunks[0])).toBe("TOOL_FRAMES_LOST");
  });

  it("ends a call nobody accepts in time with ONE error chunk: TIMEOUT, it may have run", async () => {
    await fake(pair.serving, "mute", "fake-1", () => []);
    const [tool] = await remoteTools(pair.calling, {
      names: ["mute"],
      waitMs: 5_000,
      acceptTimeoutMs: 200,
    });
    const chunks = await chunksOf(tool!, {});
    expect(chunks).toHaveLength(1);
    expect(remoteCode(chunks[0])).toBe("TIMEOUT");
    expect(textOf(chunks[0])).toContain("it may or may not have run");
  });

  it("ends a call the worker fails after accepting it with ONE error chunk naming the worker's code", async () => {
    await fake(pair.serving, "broken", "fake-1", () => [
      ACCEPTED,
      { error: { code: "TOOL_WORKER_STOPPED", message: "stopped" } },
    ]);
    const [tool] = await remoteTools(pair.calling, { names: ["broken"], waitMs: 5_000 });
    const chunks = await chunksOf(tool!, {});
    expect(chunks).toHaveLength(1);
    expect(remoteCode(chunks[0])).toBe("TOOL_WORKER_STOPPED");
    expect(textOf(chunks[0])).toContain("on worker 'fake-1'");
    expect(textOf(chunks[0])).toContain("it may or may not have run");
  });

  it("an abort publishes the cancel, and the call ends interrupted; the worker's run is aborted", async () => {
    const wait = waitTool();
    await serve(pair.serving, [wait.tool]);
    const [tool] = await remoteTools(pair.calling, { names: ["wait"], waitMs: 5_000 });
    const controller = new AbortController();
    const call = chunksOf(tool!, {}, controller.signal);
    await wait.started(1);
    controller.abort();
    const chunks = await call;
    expect(chunks.at(-1)?.state).toBe("interrupted");
    await until(() => wait.aborted === 1, 5_000, "the worker's abort");
    // Aborted before it was sent: never sent.
    const early = await chunksOf(tool!, {}, AbortSignal.abort());
    expect(early.map((c) => c.state)).toEqual(["interrupted"]);
    expect(wait.starts).toBe(1);
  });

  it("spreads a caller's calls evenly over three workers (least in flight, ties in turn)", async () => {
    const counts = new Map<string, number>();
    for (const id of ["b-1", "b-2", "b-3"]) {
      const worker = await serve(pair.serving, [echoTool()], { workerId: id });
      worker.executions$.subscribe((e) =>
        counts.set(e.worker_id, (counts.get(e.worker_id) ?? 0) + 1),
      );
    }
    const source = await remoteToolSource(pair.calling, { names: ["echo"] });
    await until(() => source.tools().length === 1);
    const [echo] = source.tools();
    for (let i = 0; i < 30; i++) await chunksOf(echo!, { text: "s" });
    expect([...counts.values()]).toEqual([10, 10, 10]);
    counts.clear();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < 300) await chunksOf(echo!, { text: "c" });
      }),
    );
    const values = [...counts.values()];
    expect(values.reduce((a, b) => a + b, 0)).toBe(300);
    for (const value of values) expect(Math.abs(value - 100)).toBeLessThanOrEqual(10);
    await source.close();
  });

  it("streams many chunks of one call in order", async () => {
    await serve(pair.serving, [new CountTool()]);
    const [count] = await remoteTools(pair.calling, { names: ["count"], waitMs: 5_000 });
    const chunks = await chunksOf(count!, { n: 200 });
    expect(chunks.map(textOf)).toEqual(Array.from({ length: 200 }, (_, i) => String(i)));
  });
});
