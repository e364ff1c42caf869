import { firstValueFrom, filter, take, takeWhile, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgentPresenceEventType,
  AgentTransitionSchema,
  agentRef,
  spawnAgent,
  type AgentTransition,
} from "../../../src/actors/index.js";
import { Subjects, type Bus, type BusMessage } from "../../../src/bus/index.js";
import { type AgentEvent } from "../../../src/index.js";
import { allow, echo, gatedTool, makeAgent, outcome, user } from "../agent/agent-fixture.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";
import { TRANSPORTS, type BusPair } from "./transports.js";

useQuietLogger();
const subjects = new Subjects();

/** Whether a frame is not the last of its command's answer. */
function notEnd(m: BusMessage): boolean {
  const kind = (m.data as { kind?: string } | undefined)?.kind;
  return m.error === undefined && (kind === "accepted" || kind === "heartbeat" || kind === "event");
}

/** Sends `command` with a fresh inbox and collects its frames up to the end (or an error). */
async function rawCall(bus: Bus, subject: string, command: unknown): Promise<BusMessage[]> {
  const inbox = bus.inbox();
  const frames = firstValueFrom(bus.subscribe(inbox).pipe(takeWhile(notEnd, true), toArray()));
  await bus.flush();
  bus.publish(subject, command, { replyTo: inbox });
  return frames;
}

describe.each(TRANSPORTS)("spawnAgent on $name", (transport) => {
  let pair: BusPair;
  beforeAll(async () => {
    pair = await transport.open();
  });
  afterAll(async () => {
    await pair.close();
  });

  it("publishes every event on as.agent.<id>.events in order, and every transition on .state", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      { tools: [echo()], state: allow("echo") },
    );
    const { calling } = pair;
    const onBus: AgentEvent[] = [];
    const transitions: AgentTransition[] = [];
    const eventsSub = calling
      .subscribe<AgentEvent>(subjects.agentEvents(agent.id))
      .subscribe((m) => onBus.push(m.data));
    const stateSub = calling
      .subscribe<AgentTransition>(subjects.agentState(agent.id))
      .subscribe((m) => transitions.push(m.data));
    const ended = firstValueFrom(
      calling
        .subscribe<AgentEvent>(subjects.agentEvents(agent.id))
        .pipe(filter((m) => m.data.type === "REPLY_END")),
    );
    await calling.flush();
    const local: AgentEvent[] = [];
    agent.events$.subscribe((e) => local.push(e));
    const handle = await spawnAgent(pair.serving, agent);
    const ref = await agentRef(calling, agent.id);
    await ref.reply(user("go"));
    await ended;
    await ref.describe(); // a round trip after the last transition: it has arrived
    eventsSub.unsubscribe();
    stateSub.unsubscribe();
    await handle.stop();

    expect(onBus.map((e) => e.id)).toEqual(local.map((e) => e.id));
    expect(onBus.map((e) => e.type)).toEqual(local.map((e) => e.type));
    for (const t of transitions) expect(AgentTransitionSchema.safeParse(t).success).toBe(true);
    expect(transitions[0]).toMatchObject({
      agent_id: agent.id,
      name: "Friday",
      value: "idle",
      event_type: AgentPresenceEventType.SPAWNED,
      status: "active",
    });
    const values = transitions.map((t) => t.value).filter((v, i, all) => v !== all[i - 1]);
    expect(values).toEqual(["idle", "compressing", "reasoning", "acting", "reasoning", "idle"]);
    expect(transitions[1]?.event_type).toBe("REPLY");
  });

  it("describes the agent: its name and where its statechart is", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }], {
      tools: [echo()],
      name: "Parker",
    });
    const handle = await spawnAgent(pair.serving, agent, { id: "parker-1" });
    const ref = await agentRef(pair.calling, "parker-1");
    expect(ref.name).toBe("Parker");
    await ref.reply(user("go"));
    expect(await ref.describe()).toEqual({
      id: "parker-1",
      name: "Parker",
      value: "awaiting-confirm",
      status: "active",
    });
    await handle.stop();
  });

  it("answers a malformed command with VALIDATION_FAILED and keeps answering", async () => {
    const agent = makeAgent(["fine"]);
    const handle = await spawnAgent(pair.serving, agent);
    const inSubject = subjects.agentIn(agent.id);
    for (const bad of [{ type: "reply", inputs: 5 }, { type: "launch" }, "text", null, [1, 2]]) {
      const frames = await rawCall(pair.calling, inSubject, bad);
      expect(frames).toHaveLength(1);
      expect(frames[0]?.error).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const ref = await agentRef(pair.calling, agent.id);
    expect((await ref.reply(user("hi"))).getTextContent()).toBe("fine");
    await handle.stop();
  });

  it("answers a command with numbered frames: accepted, then its end", async () => {
    const agent = makeAgent(["fine"]);
    const handle = await spawnAgent(pair.serving, agent, { heartbeatMs: 5_000 });
    const frames = await rawCall(pair.calling, subjects.agentIn(agent.id), {
      type: "reply",
      inputs: [user("hi").toJSON()],
    });
    expect(frames.map((f) => (f.data as { kind: string }).kind)).toEqual(["accepted", "result"]);
    expect(frames.map((f) => f.headers?.["as-seq"])).toEqual(["0", "1"]);
    expect(frames[0]?.data).toEqual({ kind: "accepted", heartbeat_ms: 5_000 });
    await handle.stop();
  });

  it("carries out a command sent without a reply inbox", async () => {
    const agent = makeAgent(["fine"]);
    const handle = await spawnAgent(pair.serving, agent);
    pair.calling.publish(subjects.agentIn(agent.id), {
      type: "observe",
      msgs: [user("fire and forget").toJSON()],
    });
    const ref = await agentRef(pair.calling, agent.id); // its describe comes after the observe
    expect(ref.name).toBe("Friday");
    expect(agent.state.context.at(-1)?.getTextContent()).toBe("fire and forget");
    await handle.stop();
  });

  it("refuses to spawn a second agent on an id another answers on (AGENT_ID_TAKEN)", async () => {
    const first = makeAgent(["one"], { id: "twin" });
    const handle = await spawnAgent(pair.serving, first);
    const second = makeAgent(["two"], { id: "twin" });
    expect(await outcome(spawnAgent(pair.calling, second))).toBe("AGENT_ID_TAKEN");
    await handle.stop();
    const again = await spawnAgent(pair.calling, second);
    await again.stop();
  });

  it("stop() waits for a reply that ends in time, then leaves the bus", async () => {
    const gate = gatedTool();
    const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
      tools: [gate.tool],
      state: allow("wait"),
    });
    const handle = await spawnAgent(pair.serving, agent);
    const ref = await agentRef(pair.calling, agent.id);
    const left = firstValueFrom(
      ref.transitions$.pipe(
        filter((t) => t.event_type === AgentPresenceEventType.STOPPED),
        take(1),
      ),
    );
    const running = ref.reply(user("go"));
    await gate.started;
    const stopping = handle.stop();
    expect(handle.stopped).toBe(true);
    gate.open();
    expect((await running).getTextContent()).toBe("done");
    await stopping;
    expect(await left).toMatchObject({ value: "idle" });
    const gone = await outcome(agentRef(pair.calling, agent.id, { timeoutMs: 500 }));
    expect(["NO_RESPONDERS", "TIMEOUT"]).toContain(gone);
  });

  it("stop() answers a command still running after the drain timeout with AGENT_STOPPED", async () => {
    const gate = gatedTool();
    const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
      tools: [gate.tool],
      state: allow("wait"),
    });
    const handle = await spawnAgent(pair.serving, agent, { drainTimeoutMs: 50 });
    const ref = await agentRef(pair.calling, agent.id);
    const running = ref.reply(user("go"));
    await gate.started;
    await handle.stop();
    expect(await outcome(running)).toBe("AGENT_STOPPED");
    gate.open();
  });

  it("fails a command to an id nobody serves with a typed error", async () => {
    const code = await outcome(agentRef(pair.calling, "nobody-here", { timeoutMs: 300 }));
    expect(["NO_RESPONDERS", "TIMEOUT"]).toContain(code);
    const ref = await agentRef(pair.calling, "nobody-here", { name: "Ghost", timeoutMs: 300 });
    expect(["NO_RESPONDERS", "TIMEOUT"]).toContain(await outcome(ref.reply(user("hi"))));
  });

  it("fails a command whose agent stops beating with AGENT_LOST", async () => {
    // A responder that takes the command and then goes silent, as a dead process would.
    const subject = subjects.agentIn("silent");
    const sub = pair.serving.subscribe(subject).subscribe((m) => {
      m.respond?.({ kind: "accepted", heartbeat_ms: 20 }, { headers: { "as-seq": "0" } });
    });
    await pair.serving.flush();
    const ref = await agentRef(pair.calling, "silent", { name: "Silent" });
    const lost = ref.reply(user("hi"));
    await expect(lost).rejects.toMatchObject({ code: "AGENT_LOST", agentId: "silent" });
    sub.unsubscribe();
  });

  it("fails a command whose answer skips a frame with AGENT_FRAMES_LOST", async () => {
    const subject = subjects.agentIn("gappy");
    const sub = pair.serving.subscribe(subject).subscribe((m) => {
      m.respond?.({ kind: "accepted", heartbeat_ms: 1_000 }, { headers: { "as-seq": "0" } });
      m.respond?.({ kind: "done" }, { headers: { "as-seq": "2" } });
    });
    await pair.serving.flush();
    const ref = await agentRef(pair.calling, "gappy", { name: "Gappy" });
    expect(await outcome(ref.interrupt())).toBe("AGENT_FRAMES_LOST");
    sub.unsubscribe();
  });

  it("refuses a streamed reply whose call_id is in use, and ignores a cancel for an unknown one", async () => {
    const gate = gatedTool();
    const agent = makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
      tools: [gate.tool],
      state: allow("wait"),
    });
    const handle = await spawnAgent(pair.serving, agent);
    const ref = await agentRef(pair.calling, agent.id);
    const inSubject = subjects.agentIn(agent.id);
    const command = { type: "reply", inputs: [user("go").toJSON()], stream: true, call_id: "k1" };
    const first = rawCall(pair.calling, inSubject, command);
    await gate.started;
    const second = await rawCall(pair.calling, inSubject, command);
    expect(second.at(-1)?.error).toMatchObject({ code: "VALIDATION_FAILED" });
    pair.calling.publish(inSubject, { type: "cancel", call_id: "unknown" });
    gate.open();
    const frames = await first;
    expect((frames.at(-1)?.data as { kind: string }).kind).toBe("result");
    expect(
      frames.filter((f) => (f.data as { kind: string }).kind === "event").length,
    ).toBeGreaterThan(3);
    expect((await ref.describe()).value).toBe("idle");
    await handle.stop();
  });
});
