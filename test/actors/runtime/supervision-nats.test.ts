import { filter, firstValueFrom } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgHub } from "../../../src/actors/hub/msg-hub.js";
import { agentRef, spawnAgent, type AgentHandle } from "../../../src/actors/index.js";
import {
  ActorKind,
  ActorRuntime,
  SupervisionReportSchema,
  type SupervisedActor,
  type SupervisionReport,
} from "../../../src/actors/runtime/index.js";
import { NatsBus, Subjects } from "../../../src/bus/index.js";
import { allow, gatedTool, makeAgent, outcome, user } from "../agent/agent-fixture.js";
import { startNatsServer, type NatsServer, type NatsUser } from "../../harness/nats-server.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

useQuietLogger();

const subjects = new Subjects();

/** The agents' user: it serves any agent's inbox except those `denied`, and publishes feeds and replies. */
function agentsUser(denied: readonly string[] = []): NatsUser {
  return {
    user: "agents",
    password: "a",
    permissions: {
      publish: { allow: ["as.agent.*.events", "as.agent.*.state", "_INBOX.>"] },
      subscribe: {
        allow: ["as.agent.*.in", "_INBOX.agents.>"],
        ...(denied.length === 0 ? {} : { deny: denied.map((id) => subjects.agentIn(id)) }),
      },
    },
  };
}
/** Everything else (the runtime, the hub, the tool worker, the observer): no permissions block. */
const admin: NatsUser = { user: "admin", password: "x" };

/**
 * Listens (live once it resolves) for the first report about `actorId` on the runtime's subject,
 * from another connection than the agents'.
 */
async function reportOnBus(
  bus: NatsBus,
  runtime: string,
  actorId: string,
): Promise<{ report: Promise<SupervisionReport> }> {
  const report = firstValueFrom(
    bus
      .subscribe(subjects.supervision(runtime), { schema: SupervisionReportSchema })
      .pipe(filter((m) => m.data.actor_id === actorId)),
  ).then((m) => m.data);
  await bus.flush();
  return { report };
}

describe("ActorRuntime supervising real actors on NATS", () => {
  let server: NatsServer;
  let agents: NatsBus;
  let other: NatsBus;
  const handles: AgentHandle[] = [];

  const spawn = async (id: string, agent = makeAgent(["hello", "again"], { id })) => {
    const handle = await spawnAgent(agents, agent, { probe: false });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    server = await startNatsServer({ config: { authorization: { users: [agentsUser(), admin] } } });
    agents = await NatsBus.connect({
      servers: server.url,
      user: "agents",
      pass: "a",
      inboxPrefix: "_INBOX.agents",
    });
    other = await NatsBus.connect({ servers: server.url, user: "admin", pass: "x" });
  });

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.stop()));
    await Promise.all([agents.close(), other.close()]);
    await server.dispose();
  });

  it("reports an agent whose user loses subscribe permission on its inbox, and the others keep serving", async () => {
    const runtime = new ActorRuntime({ bus: other, name: "perm" });
    const alice = runtime.adopt(ActorKind.AGENT, await spawn("alice"));
    runtime.adopt(ActorKind.AGENT, await spawn("bob"));
    const local = firstValueFrom(runtime.reports$);
    const onBus = await reportOnBus(other, "perm", "alice");

    await server.reload({ authorization: { users: [agentsUser(["alice"]), admin] } });

    const report = await onBus.report;
    expect(report).toMatchObject({
      type: "ACTOR_FAILED",
      runtime: "perm",
      actor_id: "alice",
      kind: "agent",
      error: { code: "BUS_PERMISSION", data: { agent_id: "alice", source: "commands" } },
    });
    expect(report.error.message).toContain(subjects.agentIn("alice"));
    expect(await local).toEqual(report);
    expect(alice.stopped).toBe(true);
    // Bob, on the same connection, still answers; Alice is gone from the bus.
    const bob = await agentRef(other, "bob");
    expect((await bob.reply(user("hi"))).getTextContent()).toBe("hello");
    expect(["NO_RESPONDERS", "TIMEOUT"]).toContain(
      await outcome(agentRef(other, "alice", { timeoutMs: 500 })),
    );
    await runtime.stop();
    expect(runtime.actorIds).toEqual([]);
  });

  it("reports an agent whose statechart fails, which stops serving while the process goes on", async () => {
    const runtime = new ActorRuntime({ bus: other, name: "machine" });
    const carol = runtime.adopt(ActorKind.AGENT, await spawn("carol"));
    const dave = runtime.adopt(ActorKind.AGENT, await spawn("dave"));
    const onBus = await reportOnBus(other, "machine", "carol");

    // A REPLY without its request: the statechart's guard throws, and XState stops it in error.
    carol.agent.actor.send({ type: "REPLY" } as never);

    const report = await onBus.report;
    expect(report).toMatchObject({
      type: "ACTOR_FAILED",
      actor_id: "carol",
      error: { code: "INTERNAL", data: { agent_id: "carol", source: "statechart" } },
    });
    expect(report.error.message).toContain("statechart failed");
    expect(carol.agent.actor.getSnapshot().status).toBe("error");
    expect(carol.stopped).toBe(true);
    const ref = await agentRef(other, "dave");
    expect((await ref.reply(user("hi"))).getTextContent()).toBe("hello");
    expect(dave.stopped).toBe(false);
    await runtime.stop();
    expect(dave.stopped).toBe(true);
  });

  it("stops the hub, then the agents (draining their commands), then the tool workers", async () => {
    const runtime = new ActorRuntime({ bus: other, name: "order" });
    const log: string[] = [];
    const gate = gatedTool();
    const erin = await spawn(
      "erin",
      makeAgent([{ toolCalls: [{ id: "w1", name: "wait", input: {} }] }, "done"], {
        id: "erin",
        tools: [gate.tool],
        state: allow("wait"),
      }),
    );
    const hub = await MsgHub.open({ name: "room", bus: other, participants: [] });
    // A tool worker: a queue-group member on its tool's call subject, like serveTools.
    const served: number[] = [];
    const worker = other
      .subscribe<number>(subjects.toolCall("Echo"), { queue: "echo-workers" })
      .subscribe((m) => {
        served.push(m.data);
        m.respond?.(m.data);
      });
    await other.flush();
    const actors: [ActorKind, SupervisedActor][] = [
      [
        ActorKind.TOOL_WORKER,
        {
          id: "echo-worker",
          stop: async () => {
            log.push("worker stop");
            worker.unsubscribe();
            await other.flush();
            log.push("worker stopped");
          },
        },
      ],
      [
        ActorKind.AGENT,
        {
          id: erin.id,
          failures$: erin.failures$,
          stop: async () => {
            log.push("agent stop");
            const stopping = erin.stop();
            // The reply is still running when its agent is told to stop: the stop waits for it.
            gate.open();
            await stopping;
            log.push("agent stopped");
          },
        },
      ],
      [
        ActorKind.HUB,
        {
          id: hub.name,
          stop: async () => {
            log.push("hub stop");
            await hub.close();
            log.push("hub stopped");
          },
        },
      ],
    ];
    for (const [kind, actor] of actors) runtime.adopt(kind, actor);

    const ref = await agentRef(other, "erin");
    const running = ref.reply(user("go"));
    await gate.started;
    await expect(other.request(subjects.toolCall("Echo"), 7, { timeoutMs: 10_000 })).resolves.toBe(
      7,
    );
    await runtime.stop();

    expect(log).toEqual([
      "hub stop",
      "hub stopped",
      "agent stop",
      "agent stopped",
      "worker stop",
      "worker stopped",
    ]);
    expect((await running).getTextContent()).toBe("done");
    expect(served).toEqual([7]);
    expect(await outcome(other.request(subjects.toolCall("Echo"), 8, { timeoutMs: 10_000 }))).toBe(
      "NO_RESPONDERS",
    );
  });
});
