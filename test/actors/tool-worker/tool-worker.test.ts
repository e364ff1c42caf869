import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ActorKind,
  ActorRuntime,
  remoteTools,
  serveTools,
  type ToolExecution,
  type ToolWorker,
} from "../../../src/actors/index.js";
import { Subjects, type BusMessage } from "../../../src/bus/index.js";
import { Bash, Read } from "../../../src/tools/index.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";
import { sandbox, type Sandbox } from "../../tools/builtin/bash/helpers.js";
import { TRANSPORTS, type BusPair } from "../agent-bus/transports.js";
import {
  CountTool,
  ExternalTool,
  FailTool,
  chunksOf,
  echoTool,
  remoteCode,
  textOf,
  until,
  waitTool,
} from "./tool-fixtures.js";

useQuietLogger();
const subjects = new Subjects();

describe.each(TRANSPORTS)("serveTools on $name", (transport) => {
  let pair: BusPair;
  const workers: ToolWorker[] = [];
  const serve = async (...args: Parameters<typeof serveTools>) => {
    const worker = await serveTools(...args);
    workers.push(worker);
    return worker;
  };
  beforeAll(async () => {
    pair = await transport.open();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await pair.close();
  });

  it("registers each tool with its schema and flags, and a caller discovers them", async () => {
    const worker = await serve(pair.serving, [echoTool(), new CountTool()], { workerId: "w-reg" });
    const tools = await remoteTools(pair.calling, { names: ["echo", "count"], waitMs: 5_000 });
    expect(tools.map((t) => t.name).sort()).toEqual(["count", "echo"]);
    const echo = tools.find((t) => t.name === "echo")!;
    expect(echo.description).toBe("Echoes text.");
    expect(echo.inputSchema).toEqual(echoTool().inputSchema);
    expect([echo.isReadOnly, echo.isConcurrencySafe, echo.isExternalTool]).toEqual([
      true,
      true,
      false,
    ]);
    expect(echo.entry).toMatchObject({ worker_id: "w-reg", version: 1 });
    const kv = await pair.calling.keyValue(subjects.registry());
    expect((await kv.get(subjects.registryKey("echo", worker.id)))?.value).toMatchObject({
      name: "echo",
    });
  });

  it("runs a call and streams the tool's chunks in order, each call once", async () => {
    const ran: string[] = [];
    const worker = await serve(pair.serving, [echoTool(ran), new CountTool()]);
    const executions: ToolExecution[] = [];
    worker.executions$.subscribe((e) => executions.push(e));
    const tools = await remoteTools(pair.calling, { names: ["echo", "count"], waitMs: 5_000 });
    const echo = tools.find((t) => t.name === "echo")!;
    const count = tools.find((t) => t.name === "count")!;
    const [answer] = await chunksOf(echo, { text: "hi" });
    expect(textOf(answer)).toBe("echo: hi");
    expect(answer?.state).toBe("running");
    const counted = await chunksOf(count, { n: 5 });
    expect(counted.map(textOf)).toEqual(["0", "1", "2", "3", "4"]);
    expect(ran).toEqual(["hi"]);
    expect(executions.map((e) => e.tool)).toEqual(["echo", "count"]);
    expect(new Set(executions.map((e) => e.call_id)).size).toBe(2);
    expect(worker.stats).toMatchObject({ received: 2, executions: 2, refused: 0, inFlight: 0 });
  });

  it("turns a tool's failure into an error chunk with its message, as a local call does", async () => {
    await serve(pair.serving, [new FailTool()]);
    const [fail] = await remoteTools(pair.calling, { names: ["fail"], waitMs: 5_000 });
    const chunks = await chunksOf(fail!, {});
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ state: "error" });
    expect(textOf(chunks[0])).toBe("the tool broke");
  });

  it("refuses an input its schema rejects before running: one error chunk that says it did not run", async () => {
    const ran: string[] = [];
    const worker = await serve(pair.serving, [echoTool(ran)]);
    const [echo] = await remoteTools(pair.calling, { names: ["echo"], waitMs: 5_000 });
    const chunks = await chunksOf(echo!, { text: 42 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("error");
    expect(remoteCode(chunks[0])).toBe("TOOL_INPUT_INVALID");
    expect(textOf(chunks[0])).toContain("it did not run");
    expect(ran).toEqual([]);
    expect(worker.stats).toMatchObject({ executions: 0, refused: 1 });
  });

  it("answers a malformed call with a typed error reply, and runs nothing", async () => {
    const worker = await serve(pair.serving, [echoTool()]);
    const error = await pair.calling
      .request(subjects.toolCall("echo"), { call_id: "not-a-uuid", input: 1 }, { timeoutMs: 5_000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(worker.stats.executions).toBe(0);
  });

  it("runs a call id once: the same call_id again is refused with TOOL_DUPLICATE_CALL", async () => {
    const ran: string[] = [];
    const worker = await serve(pair.serving, [echoTool(ran)]);
    const callId = randomUUID();
    const send = async () => {
      const inbox = pair.calling.inbox();
      const got: BusMessage[] = [];
      const sub = pair.calling.subscribe(inbox).subscribe((m) => got.push(m));
      await pair.calling.flush();
      pair.calling.publish(
        subjects.toolCall("echo"),
        { call_id: callId, input: { text: "once" } },
        { replyTo: inbox },
      );
      await until(() =>
        got.some((m) => m.error !== undefined || (m.data as { kind?: string })?.kind === "end"),
      );
      sub.unsubscribe();
      return got;
    };
    const first = await send();
    // Over within the worker's first turn: one `end` frame carrying the chunk and the worker.
    expect(first).toHaveLength(1);
    expect(first[0]?.data).toMatchObject({
      kind: "end",
      worker_id: worker.id,
      chunks: [{ content: [{ type: "text", text: "echo: once" }] }],
    });
    expect(first[0]?.headers?.["as-seq"]).toBe("0");
    const second = await send();
    expect(second).toHaveLength(1);
    expect(second[0]?.error).toMatchObject({ code: "TOOL_DUPLICATE_CALL" });
    expect(ran).toEqual(["once"]);
    expect(worker.stats.executions).toBe(1);
  });

  it("refuses calls past maxInFlight with TOOL_WORKER_BUSY (not run), and takes them again after", async () => {
    const wait = waitTool();
    await serve(pair.serving, [wait.tool], { maxInFlight: 1 });
    const [tool] = await remoteTools(pair.calling, { names: ["wait"], waitMs: 5_000 });
    const first = chunksOf(tool!, {});
    await wait.started(1);
    const busy = await chunksOf(tool!, {});
    expect(remoteCode(busy[0])).toBe("TOOL_WORKER_BUSY");
    expect(textOf(busy[0])).toContain("it did not run");
    wait.release();
    expect(textOf((await first)[0])).toBe("waited");
    const again = chunksOf(tool!, {});
    await wait.started(2);
    wait.release();
    expect(textOf((await again)[0])).toBe("waited");
  });

  it("aborts a call on cancel: Bash's process group dies with its sleep", async () => {
    const box: Sandbox = await sandbox();
    try {
      await serve(pair.serving, [new Bash({ backend: box.backend })], { heartbeatMs: 200 });
      const [bash] = await remoteTools(pair.calling, { names: ["Bash"], waitMs: 5_000 });
      const controller = new AbortController();
      const call = chunksOf(
        bash!,
        { command: "sleep 30 & echo $! > sleep.pid; wait" },
        controller.signal,
      );
      const { readFile } = await import("node:fs/promises");
      const pidFile = `${box.dir}/sleep.pid`;
      let pid = 0;
      await until(
        async () => {
          pid = Number(await readFile(pidFile, "utf8").catch(() => "0"));
          return pid > 0;
        },
        15_000,
        "the sleep's pid",
      );
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(alive()).toBe(true);
      controller.abort();
      const chunks = await call;
      expect(chunks.at(-1)?.state).toBe("interrupted");
      await until(() => !alive(), 10_000, "the sleep's death");
    } finally {
      await box.cleanup();
    }
  });

  it("stop() removes its registry entries, lets a running call finish, then takes no calls", async () => {
    const wait = waitTool();
    const worker = await serveTools(pair.serving, [wait.tool], { drainTimeoutMs: 10_000 });
    const kv = await pair.calling.keyValue(subjects.registry());
    const key = subjects.registryKey("wait", worker.id);
    expect(await kv.get(key)).toBeDefined();
    const [tool] = await remoteTools(pair.calling, { names: ["wait"], waitMs: 5_000 });
    const running = chunksOf(tool!, {});
    await wait.started(1);
    const stopped = worker.stop();
    await until(async () => (await kv.get(key)) === undefined, 10_000, "the entry's removal");
    wait.release();
    expect(textOf((await running)[0])).toBe("waited");
    await stopped;
    const after = await chunksOf(tool!, {});
    expect(after[0]?.state).toBe("error");
    expect(textOf(after[0])).toContain("it did not run");
  });

  it("stop() aborts a call still running after drainTimeoutMs: its caller gets TOOL_WORKER_STOPPED", async () => {
    const wait = waitTool();
    // The tool ignores nothing: the abort ends it, but the worker answers the stop first.
    const worker = await serveTools(pair.serving, [wait.tool], { drainTimeoutMs: 200 });
    const [tool] = await remoteTools(pair.calling, { names: ["wait"], waitMs: 5_000 });
    const running = chunksOf(tool!, {});
    await wait.started(1);
    await worker.stop();
    const chunks = await running;
    expect(chunks.at(-1)?.state).toBe("error");
    expect(remoteCode(chunks.at(-1))).toBe("TOOL_WORKER_STOPPED");
    expect(wait.aborted).toBe(1);
  });

  it("is a supervised actor: a runtime that adopts it stops it, and its registry entries go", async () => {
    const runtime = new ActorRuntime({ bus: pair.serving, name: "tools-runtime" });
    const worker = runtime.adopt(
      ActorKind.TOOL_WORKER,
      await serveTools(pair.serving, [echoTool()]),
    );
    const kv = await pair.calling.keyValue(subjects.registry());
    expect(await kv.get(subjects.registryKey("echo", worker.id))).toBeDefined();
    await runtime.stop();
    expect(worker.stopped).toBe(true);
    expect(await kv.get(subjects.registryKey("echo", worker.id))).toBeUndefined();
  });

  it("refuses tools it cannot serve, and bad options, with typed errors", async () => {
    await expect(serveTools(pair.serving, [new ExternalTool()])).rejects.toMatchObject({
      code: "TOOL_CANNOT_SERVE",
      tool: "outside",
    });
    await expect(serveTools(pair.serving, [new Read()])).rejects.toMatchObject({
      code: "TOOL_CANNOT_SERVE",
      tool: "Read",
    });
    await expect(serveTools(pair.serving, [echoTool(), echoTool()])).rejects.toMatchObject({
      code: "TOOL_CANNOT_SERVE",
    });
    await expect(serveTools(pair.serving, [])).rejects.toMatchObject({ code: "TOOL_CANNOT_SERVE" });
    await expect(
      serveTools(pair.serving, [echoTool()], { heartbeat: 5 } as never),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(serveTools(pair.serving, [echoTool()], { heartbeatMs: -1 })).rejects.toMatchObject(
      { code: "VALIDATION_FAILED" },
    );
    await expect(serveTools(pair.serving, [echoTool()], { maxInFlight: 0 })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });
});
