import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { connect } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteToolSource, serveTools } from "../../../src/actors/index.js";
import { Subjects, type Bus } from "../../../src/bus/index.js";
import { hostileInputs, jsonFixtures } from "../../harness/hostile-json.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";
import { TRANSPORTS, type BusPair } from "../agent-bus/transports.js";
import { fakeEntry } from "../remote-tools/fake-worker.js";
import { chunksOf, echoTool, textOf, until } from "./tool-fixtures.js";

useQuietLogger();
const subjects = new Subjects();
const PAYLOADS = 10_000;

/** `n` hostile payloads made from `fixtures` (seeded: the same every run). */
function payloads(made: ReturnType<typeof jsonFixtures>, n: number, seed: number): unknown[] {
  return fc.sample(hostileInputs(made), { numRuns: n, seed }).map((thunk) => thunk());
}

/** Publishes, counting what the codec refuses (a payload that cannot be sent at all). */
function publishAll(bus: Bus, subject: string, values: unknown[], replyTo?: string): void {
  for (const value of values) {
    try {
      bus.publish(subject, value, replyTo === undefined ? undefined : { replyTo });
    } catch {
      // refused by the codec: never sent
    }
  }
}

describe.each(TRANSPORTS)("a tool worker on $name under hostile payloads", (transport) => {
  let pair: BusPair;
  beforeAll(async () => {
    pair = await transport.open();
  });
  afterAll(async () => {
    await pair.close();
  });

  it(`takes ${PAYLOADS} random or malformed payloads on .call, .check, .cancel and the registry, crashes nothing and keeps answering`, async () => {
    const worker = await serveTools(pair.serving, [echoTool()], { workerId: "fuzzed" });
    const failures: unknown[] = [];
    worker.failures$.subscribe((f) => failures.push(f));
    const source = await remoteToolSource(pair.calling, { names: ["echo"] });
    await until(() => source.tools().length === 1);
    const inbox = pair.calling.inbox();
    let answers = 0;
    const inboxSub = pair.calling.subscribe(inbox).subscribe(() => answers++);
    await pair.calling.flush();

    const input = { text: "x" };
    const calls = jsonFixtures(
      { call_id: randomUUID(), input },
      { call_id: randomUUID(), input: { text: 1 } },
    );
    const checks = jsonFixtures(
      { input },
      { input, context: { mode: "default" }, rule_contents: ["a", "b"] },
    );
    const cancels = jsonFixtures({ call_id: randomUUID() });
    const entries = jsonFixtures(fakeEntry("echo", "fuzz-entry"));
    const share = PAYLOADS / 10;
    publishAll(pair.calling, subjects.toolCall("echo"), payloads(calls, 2 * share, 1), inbox);
    publishAll(pair.calling, subjects.toolCall("echo"), payloads(calls, share, 2));
    publishAll(
      pair.calling,
      subjects.toolCallAt("echo", worker.id),
      payloads(calls, share, 3),
      inbox,
    );
    publishAll(pair.calling, subjects.toolCheck("echo"), payloads(checks, 2 * share, 4), inbox);
    publishAll(pair.calling, subjects.toolCancel("echo"), payloads(cancels, 2 * share, 5));
    const kv = await pair.calling.keyValue(subjects.registry());
    const hostileEntries = payloads(entries, share, 6);
    for (let i = 0; i < hostileEntries.length; i++) {
      await kv.put(`tool.echo.fuzz-${i % 50}`, hostileEntries[i]).catch(() => undefined);
    }
    if (pair.natsUrl !== undefined) {
      // Bytes no codec wrote, straight from a raw client.
      const raw = await connect({ servers: pair.natsUrl });
      const bytes = fc.sample(fc.uint8Array({ maxLength: 64 }), { numRuns: 500, seed: 7 });
      for (const data of bytes) {
        raw.publish(subjects.toolCall("echo"), data, { reply: inbox });
        raw.publish(subjects.toolCheck("echo"), data, { reply: inbox });
        raw.publish(subjects.toolCancel("echo"), data);
      }
      await raw.drain();
    }
    await pair.calling.flush();
    await pair.serving.flush();
    for (let i = 0; i < 50; i++) await kv.delete(`tool.echo.fuzz-${i}`).catch(() => undefined);

    // Still answering, through the source that watched the hostile entries go by.
    await until(() => source.tools().length === 1, 10_000, "echo listed");
    const [echo] = source.tools();
    expect(echo).toBeDefined();
    const chunks = await chunksOf(echo!, { text: "still there?" });
    expect(textOf(chunks[0])).toBe("echo: still there?");
    expect(worker.stopped).toBe(false);
    expect(answers).toBeGreaterThan(0);
    expect(worker.stats.received).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    inboxSub.unsubscribe();
    await source.close();
    await worker.stop();
  }, 180_000);
});
