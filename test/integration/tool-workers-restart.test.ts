import { describe, expect, it } from "vitest";
import { remoteToolSource, serveTools } from "../../src/actors/index.js";
import {
  chunksOf,
  echoTool,
  remoteCode,
  textOf,
  waitTool,
} from "../actors/tool-worker/tool-fixtures.js";
import { useRestartableNats } from "../harness/restartable-nats.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

describe("tool workers on NATS across a nats-server restart", () => {
  const nats = useRestartableNats("workers");

  it("ends the calls in flight with ONE error chunk each, nothing hangs, and later calls succeed", async () => {
    const wait = waitTool();
    const worker = await serveTools(nats.serving, [wait.tool, echoTool()], { heartbeatMs: 100 });
    const source = await remoteToolSource(nats.calling, { names: ["wait", "echo"] });
    const waitRemote = (await source.whenTools(["wait", "echo"], 10_000)).find(
      (t) => t.name === "wait",
    )!;
    const inFlight = [1, 2, 3].map(() => chunksOf(waitRemote, {}));
    await wait.started(3);
    await nats.server.restart();
    const ended = await Promise.all(inFlight);
    for (const chunks of ended) {
      expect(chunks).toHaveLength(1);
      expect(chunks[0]?.state).toBe("error");
      expect(textOf(chunks[0])).toContain("it may or may not have run");
      expect(["TOOL_DISCONNECTED", "TOOL_WORKER_LOST", "TOOL_FRAMES_LOST"]).toContain(
        remoteCode(chunks[0]),
      );
    }
    wait.release();

    // Both clients reconnect and resubscribe; a call sent while the subscriptions are still
    // coming back may end with an error chunk (never retried behind the caller's back), so the
    // caller calls again.
    const echo = source.tools().find((t) => t.name === "echo")!;
    let answered: string | null = null;
    for (let attempt = 0; attempt < 50 && answered === null; attempt++) {
      const [chunk] = await chunksOf(echo, { text: "after" });
      if (chunk?.state === "error") await new Promise((resolve) => setTimeout(resolve, 100));
      else answered = textOf(chunk);
    }
    expect(answered).toBe("echo: after");
    await source.close();
    await worker.stop();
  }, 60_000);
});
