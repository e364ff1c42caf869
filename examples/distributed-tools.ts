/**
 * Tools on a remote worker: this file starts a worker process that serves Bash and a
 * FunctionTool on NATS, and an agent process whose agent (a scripted model) calls them through
 * `remoteToolSource`. The permission engine runs in the agent's process: `ls` is read-only and
 * runs, the FunctionTool runs because the agent's rules allow it.
 *
 * Run it (a nats-server with JetStream, e.g. `nats-server -js`):
 *   NATS_URL=nats://127.0.0.1:4222 npx tsx --conditions=actorscope-source examples/distributed-tools.ts
 *   npx tsx --conditions=actorscope-source examples/distributed-tools.ts --nats nats://127.0.0.1:4222
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  Agent,
  Bash,
  FunctionTool,
  NatsBus,
  ScriptedModel,
  Toolkit,
  UserMsg,
  remoteToolSource,
  serveTools,
} from "actorscope";

const { values } = parseArgs({
  options: { nats: { type: "string" }, role: { type: "string" }, dir: { type: "string" } },
});
const url = values.nats ?? process.env["NATS_URL"];

if (url === undefined) {
  console.log("This example needs a NATS server with JetStream; it starts nothing without one.");
  console.log("Start one (`nats-server -js`), then run:");
  console.log(
    "  NATS_URL=nats://127.0.0.1:4222 npx tsx --conditions=actorscope-source examples/distributed-tools.ts",
  );
  process.exit(0);
}

if (values.role === "worker") await worker(url, values.dir ?? process.cwd());
else if (values.role === "agent") await agent(url);
else await launch(url);

/** The worker process: serves Bash (in `dir`) and `forecast` until told to stop. */
async function worker(servers: string, dir: string): Promise<void> {
  const forecast = new FunctionTool({
    name: "forecast",
    description: "The weather forecast for a city.",
    parameters: z.object({ city: z.string() }),
    isReadOnly: true,
    fn: ({ city }: { city: string }) => `${city}: sunny, 21 °C (from worker pid ${process.pid})`,
  });
  const bus = await NatsBus.connect({ servers, name: "tool-worker" });
  const served = await serveTools(bus, [new Bash({ cwd: dir }), forecast], {
    workerId: "example-worker",
  });
  console.log("ready");
  createInterface({ input: process.stdin }).on("line", (line) => {
    if (line !== "stop") return;
    void served
      .stop()
      .then(() => bus.close())
      .then(() => process.exit(0));
  });
}

/** The agent process: an agent whose toolkit lists the worker's tools. */
async function agent(servers: string): Promise<void> {
  const bus = await NatsBus.connect({ servers, name: "agent" });
  const source = await remoteToolSource(bus, { names: ["Bash", "forecast"] });
  await source.whenTools(["Bash", "forecast"], 10_000);
  const ops = new Agent({
    name: "ops",
    systemPrompt: "You answer with the tools you have.",
    model: new ScriptedModel({
      responses: [
        {
          toolCalls: [
            { name: "Bash", input: { command: "ls" } },
            { name: "forecast", input: { city: "Lisbon" } },
          ],
        },
        "The directory holds notes.txt, and Lisbon will be sunny.",
      ],
    }),
    toolkit: new Toolkit({ sources: [source] }),
    // The agent's own rules: `forecast` is allowed; Bash's `ls` needs none (it only reads).
    state: {
      permission_context: {
        allow_rules: {
          forecast: [
            { tool_name: "forecast", rule_content: null, behavior: "allow", source: "example" },
          ],
        },
      },
    },
    injectionConfig: { injectRuntimeState: false },
  });
  const names = new Map<string, string>();
  ops.events$.subscribe((event) => {
    if (event.type === "TOOL_RESULT_START") names.set(event.tool_call_id, event.tool_call_name);
    if (event.type === "TOOL_RESULT_TEXT_DELTA") console.log(`  ${event.delta.trim()}`);
    if (event.type === "TOOL_RESULT_END") {
      console.log(`tool ${names.get(event.tool_call_id) ?? "?"} ended: ${event.state}`);
    }
  });
  const answer = await ops.reply(
    new UserMsg({ name: "user", content: "What is here, and the weather?" }),
  );
  console.log(`ops: ${answer.getTextContent() ?? ""}`);
  await source.close();
  await bus.close();
}

/** Starts the worker process, then the agent process, and stops the worker when the agent is done. */
async function launch(servers: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "actorscope-distributed-"));
  await writeFile(join(dir, "notes.txt"), "hello\n");
  const self = fileURLToPath(import.meta.url);
  const start = (role: string): ChildProcessByStdio<Writable, Readable, null> =>
    spawn(
      process.execPath,
      [...process.execArgv, self, "--nats", servers, "--role", role, "--dir", dir],
      {
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
  const workerProcess = start("worker");
  try {
    await new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: workerProcess.stdout });
      lines.on("line", (line) => {
        if (line === "ready") resolve();
      });
      workerProcess.once("exit", (code) => {
        reject(new Error(`the worker exited (${code}) before it was ready`));
      });
    });
    console.log(`worker process ${workerProcess.pid} serves Bash and forecast on ${servers}`);
    const agentProcess = start("agent");
    agentProcess.stdout.pipe(process.stdout);
    const code = await new Promise<number | null>((resolve) => agentProcess.once("exit", resolve));
    console.log(`agent process ${agentProcess.pid} finished (exit code ${code})`);
  } finally {
    workerProcess.stdin.write("stop\n");
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        workerProcess.kill("SIGKILL");
        resolve(undefined);
      }, 5_000);
      workerProcess.once("exit", () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    await rm(dir, { recursive: true, force: true });
  }
}
