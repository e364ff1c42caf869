import { firstValueFrom, filter } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRef, spawnAgent, type AgentHandle } from "../../src/actors/index.js";
import { NatsBus } from "../../src/bus/index.js";
import { makeAgent, outcome, user } from "../actors/agent/agent-fixture.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

// The roles of docs/nats-permissions.md that meet an agent, without the registry's JetStream
// subjects (no tool is involved here).
const users = [
  {
    user: "agent-alice",
    password: "a",
    permissions: {
      publish: { allow: ["as.agent.alice.events", "as.agent.alice.state", "_INBOX.>"] },
      subscribe: { allow: ["as.agent.alice.in", "_INBOX.agent-alice.>"] },
    },
  },
  {
    user: "operator",
    password: "o",
    permissions: {
      publish: { allow: ["as.agent.*.in"] },
      subscribe: { allow: ["as.agent.*.events", "_INBOX.operator.>"] },
    },
  },
  {
    user: "inspector",
    password: "i",
    permissions: {
      // As in the docs, only the registry's read subjects (an empty list would allow all).
      publish: { allow: ["$JS.API.INFO"] },
      subscribe: { allow: ["as.agent.*.events", "as.agent.*.state", "_INBOX.inspector.>"] },
    },
  },
  {
    user: "worker-echo",
    password: "w",
    permissions: {
      publish: { allow: ["_INBOX.>"] },
      subscribe: { allow: ["as.tool.Echo.call", "_INBOX.worker-echo.>"] },
    },
  },
];

describe("an agent on NATS under least-privilege subject permissions", () => {
  let server: NatsServer;
  const buses: Record<string, NatsBus> = {};
  let handle: AgentHandle;
  const agent = makeAgent(["hello", "again"], { id: "alice" });

  beforeAll(async () => {
    server = await startNatsServer({ jetstream: false, config: { authorization: { users } } });
    for (const { user: name, password } of users) {
      buses[name] = await NatsBus.connect({
        servers: server.url,
        user: name,
        pass: password,
        inboxPrefix: `_INBOX.${name}`,
      });
    }
    // Its user may serve the agent but not command it: the id probe is skipped.
    handle = await spawnAgent(buses["agent-alice"]!, agent);
  });

  afterAll(async () => {
    await handle.stop();
    await Promise.all(Object.values(buses).map((bus) => bus.close()));
    await server.dispose();
  });

  it("the operator commands the agent and sees its events; the inspector sees its events and transitions", async () => {
    const inspector = await agentRef(buses["inspector"]!, "alice", { name: "Friday" });
    const transition = firstValueFrom(
      inspector.transitions$.pipe(filter((t) => t.event_type === "REPLY")),
    );
    const inspected = firstValueFrom(inspector.events$.pipe(filter((e) => e.type === "REPLY_END")));
    const operator = await agentRef(buses["operator"]!, "alice");
    expect(operator.name).toBe("Friday");
    const seen = firstValueFrom(operator.events$.pipe(filter((e) => e.type === "REPLY_END")));
    await Promise.all([buses["inspector"]!.flush(), buses["operator"]!.flush()]);
    expect((await operator.reply(user("hi"))).getTextContent()).toBe("hello");
    await seen;
    await inspected;
    expect(await transition).toMatchObject({ agent_id: "alice", value: "compressing" });
  });

  it("a worker's command to the agent is refused by the server, reaches nobody, and changes nothing", async () => {
    const worker = buses["worker-echo"]!;
    const refused = firstValueFrom(worker.errors$);
    const before = agent.state.context.length;
    const ref = await agentRef(worker, "alice", { name: "Friday", timeoutMs: 500 });
    // The refusal comes to the publisher asynchronously; the command itself is bounded.
    expect(await outcome(ref.reply(user("obey me")))).toBe("TIMEOUT");
    expect(await refused).toMatchObject({ code: "BUS_PERMISSION", subject: "as.agent.alice.in" });
    expect(agent.state.context).toHaveLength(before);
    // An inspector cannot command it either.
    const inspector = await agentRef(buses["inspector"]!, "alice", { name: "F", timeoutMs: 500 });
    expect(await outcome(inspector.interrupt())).toBe("TIMEOUT");
    // The operator still can.
    const operator = await agentRef(buses["operator"]!, "alice");
    expect((await operator.reply(user("still?"))).getTextContent()).toBe("again");
  });
});
