import fc from "fast-check";
import { connect } from "nats";
import { firstValueFrom, filter } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRef, spawnAgent } from "../../../src/actors/index.js";
import { Subjects, type Bus } from "../../../src/bus/index.js";
import { ScriptedModel, createEvent, type AgentEvent } from "../../../src/index.js";
import { allow, gatedTool, makeAgent, user } from "../agent/agent-fixture.js";
import { hostileInputs, jsonFixtures } from "../../harness/hostile-json.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";
import { TRANSPORTS, type BusPair } from "./transports.js";

useQuietLogger();
const subjects = new Subjects();
const PAYLOADS = 10_000;

/** Valid payloads of each subject, for the mutations to start from. */
function fixtures(agentId: string) {
  const msg = user("hello").toJSON();
  const commands = jsonFixtures(
    { type: "reply", inputs: [msg] },
    { type: "reply", inputs: null, queue: false },
    { type: "reply", inputs: [msg], stream: true, call_id: "fuzz-call" },
    { type: "observe", msgs: [msg] },
    { type: "interrupt" },
    { type: "describe" },
    { type: "cancel", call_id: "fuzz-call" },
    createEvent("USER_CONFIRM_RESULT", { reply_id: "r", confirm_results: [] }),
  );
  const events = jsonFixtures(
    createEvent("REPLY_START", { reply_id: "r", session_id: "s", name: "Friday" }),
    createEvent("TEXT_BLOCK_DELTA", { reply_id: "r", block_id: "b", delta: "x" }),
  );
  const transitions = jsonFixtures({
    agent_id: agentId,
    name: "Friday",
    value: "idle",
    event_type: "REPLY",
    status: "active",
    created_at: "2025-01-01T00:00:00.000Z",
  });
  return { commands, events, transitions };
}

/** `n` hostile payloads made from `fixtures` (seeded: the same every run). */
function payloads(made: ReturnType<typeof jsonFixtures>, n: number, seed: number): unknown[] {
  return fc.sample(hostileInputs(made), { numRuns: n, seed }).map((thunk) => thunk());
}

/** Publishes, counting what the codec refuses (a payload that cannot be sent at all). */
function publishAll(bus: Bus, subject: string, values: unknown[], replyTo?: string): number {
  let refused = 0;
  for (const value of values) {
    try {
      bus.publish(subject, value, replyTo === undefined ? undefined : { replyTo });
    } catch {
      refused++;
    }
  }
  return refused;
}

describe.each(TRANSPORTS)("an agent on $name under hostile payloads", (transport) => {
  let pair: BusPair;
  beforeAll(async () => {
    pair = await transport.open();
  });
  afterAll(async () => {
    await pair.close();
  });

  it(`takes ${PAYLOADS} random or malformed payloads on its subjects, crashes nothing and keeps answering`, async () => {
    const agent = makeAgent(new ScriptedModel({ responses: () => "ok" }));
    const handle = await spawnAgent(pair.serving, agent, { heartbeatMs: 200 });
    const ref = await agentRef(pair.calling, agent.id);
    // The ref's feeds are read throughout: their validation is under test too.
    const seen: AgentEvent[] = [];
    const eventsSub = ref.events$.subscribe((e) => seen.push(e));
    const stateSub = ref.transitions$.subscribe(() => undefined);
    const inbox = pair.calling.inbox();
    let answers = 0;
    const inboxSub = pair.calling.subscribe(inbox).subscribe(() => answers++);
    await pair.calling.flush();

    const { commands, events, transitions } = fixtures(agent.id);
    const share = PAYLOADS / 10;
    const inSubject = subjects.agentIn(agent.id);
    publishAll(pair.calling, inSubject, payloads(commands, 3 * share, 1), inbox);
    publishAll(pair.calling, inSubject, payloads(commands, 3 * share, 2));
    publishAll(pair.calling, subjects.agentEvents(agent.id), payloads(events, 2 * share, 3));
    publishAll(pair.calling, subjects.agentState(agent.id), payloads(transitions, 2 * share, 4));
    if (pair.natsUrl !== undefined) {
      // Bytes no codec wrote, straight from a raw client.
      const raw = await connect({ servers: pair.natsUrl });
      const bytes = fc.sample(fc.uint8Array({ maxLength: 64 }), { numRuns: 500, seed: 5 });
      for (const data of bytes) {
        raw.publish(inSubject, data, { reply: inbox });
        raw.publish(subjects.agentEvents(agent.id), data);
      }
      await raw.drain();
    }
    await pair.calling.flush();

    // Still answering: a reply queued behind whatever the payloads started gets its own answer.
    const ended = firstValueFrom(ref.events$.pipe(filter((e) => e.type === "REPLY_END")));
    const msg = await ref.reply(user("still there?"));
    expect(msg.getTextContent()).toBe("ok");
    await ended;
    expect(agent.actor.getSnapshot().status).toBe("active");
    expect((await ref.describe()).status).toBe("active");
    expect(answers).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    eventsSub.unsubscribe();
    stateSub.unsubscribe();
    inboxSub.unsubscribe();
    await handle.stop();
  }, 120_000);

  it("ignores malformed frames injected into a caller's inbox: the reply still ends with its own answer", async () => {
    const gate = gatedTool();
    const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
      tools: [gate.tool],
      state: allow("wait"),
    });
    const handle = await spawnAgent(pair.serving, agent);
    const ref = await agentRef(pair.calling, agent.id);
    // A peer that sees the agent's commands learns the caller's inbox from them.
    const spied = firstValueFrom(
      pair.serving
        .subscribe(subjects.agentIn(agent.id))
        .pipe(filter((m) => (m.data as { type?: string }).type === "reply")),
    );
    await pair.serving.flush();
    const reply = ref.reply(user("go"));
    const inbox = (await spied).replyTo!;
    await gate.started;
    const junk = fc.sample(
      hostileInputs(jsonFixtures({ kind: "event", event: {} }, { kind: "result", msg: {} })),
      { numRuns: 1_000, seed: 6 },
    );
    publishAll(
      pair.serving,
      inbox,
      junk.map((thunk) => thunk()),
    );
    await pair.serving.flush();
    gate.open();
    expect((await reply).getTextContent()).toBe("done");
    await handle.stop();
  });
});
