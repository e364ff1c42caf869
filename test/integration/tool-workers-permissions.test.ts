import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteTools, serveTools, type ToolWorker } from "../../src/actors/index.js";
import { NatsBus, Subjects } from "../../src/bus/index.js";
import { Bash, FunctionTool } from "../../src/tools/index.js";
import { chunksOf, textOf, until } from "../actors/tool-worker/tool-fixtures.js";
import { DOCUMENTED_PASSWORDS, documentedConfig } from "../harness/documented-nats-config.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();
const subjects = new Subjects();

/** The tool docs/nats-permissions.md's `worker-echo` serves. */
const Echo = () =>
  new FunctionTool({
    name: "Echo",
    description: "Echoes text.",
    parameters: z.object({ text: z.string() }),
    fn: ({ text }: { text: string }) => text,
  });

describe("a tool worker under the least-privilege permissions of docs/nats-permissions.md", () => {
  let server: NatsServer;
  let workerBus: NatsBus;
  let agentBus: NatsBus;
  let worker: ToolWorker;
  const failures: unknown[] = [];

  beforeAll(async () => {
    server = await startNatsServer({ config: await documentedConfig() });
    const as = (user: string, pass: string) =>
      NatsBus.connect({ servers: server.url, user, pass, inboxPrefix: `_INBOX.${user}` });
    workerBus = await as("worker-echo", DOCUMENTED_PASSWORDS.WORKER_ECHO_PASS);
    agentBus = await as("agent-alice", DOCUMENTED_PASSWORDS.AGENT_ALICE_PASS);
    worker = await serveTools(workerBus, [Echo()], { workerId: "echo-1", heartbeatMs: 200 });
    worker.failures$.subscribe((failure) => failures.push(failure));
  });

  afterAll(async () => {
    await worker.stop();
    await Promise.all([workerBus.close(), agentBus.close()]);
    await server.dispose();
  });

  it("serves its own tool: it registers, and an agent's user discovers it, checks it and calls it", async () => {
    const [echo] = await remoteTools(agentBus, { names: ["Echo"], waitMs: 10_000 });
    expect(echo?.name).toBe("Echo");
    expect(await echo!.checkReadOnly({ text: "x" })).toBe(false);
    const chunks = await chunksOf(echo!, { text: "hello" });
    expect(textOf(chunks[0])).toBe("hello");
  });

  it("cannot publish to an agent's inbox nor to another tool's subjects: the server refuses, the worker reports BUS_PERMISSION", async () => {
    const delivered: unknown[] = [];
    const spy = agentBus.subscribe("as.agent.alice.in").subscribe((m) => delivered.push(m.data));
    await agentBus.flush();
    workerBus.publish(subjects.agentIn("alice"), { type: "interrupt" });
    workerBus.publish(subjects.toolCall("Bash"), { call_id: crypto.randomUUID(), input: {} });
    await until(() => failures.length >= 2, 10_000, "two refusals reported");
    expect(failures.slice(0, 2)).toEqual([
      expect.objectContaining({ code: "BUS_PERMISSION", subject: "as.agent.alice.in" }),
      expect.objectContaining({ code: "BUS_PERMISSION", subject: "as.tool.Bash.call" }),
    ]);
    await agentBus.flush();
    expect(delivered).toEqual([]);
    spy.unsubscribe();
  });

  it("cannot serve another tool: serveTools rejects with BUS_PERMISSION and leaves nothing behind", async () => {
    const refused = await serveTools(workerBus, [new Bash()], { workerId: "echo-1" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: "BUS_PERMISSION" });
    const kv = await agentBus.keyValue(subjects.registry());
    expect(await kv.get(subjects.registryKey("Bash", "echo-1"))).toBeUndefined();
    expect(worker.stopped).toBe(false);
  });
});
