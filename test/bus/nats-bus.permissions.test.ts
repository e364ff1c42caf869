import { firstValueFrom } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BusError, NatsBus } from "../../src/bus/index.js";
import { setLogger } from "../../src/errors/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { documentedConfig } from "../harness/documented-nats-config.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

/** A tool worker for Echo: its own tool subjects and reply subjects, nothing else. */
const echoWorker = {
  user: "echo",
  password: "echo-secret",
  permissions: {
    publish: { allow: ["as.tool.Echo.>", "_INBOX.>"] },
    subscribe: { allow: ["as.tool.Echo.>", "_INBOX.>"] },
  },
};
const admin = { user: "admin", password: "admin-secret" };

let server: NatsServer;
let tokenServer: NatsServer;
let worker: NatsBus;
let root: NatsBus;

beforeAll(async () => {
  [server, tokenServer] = await Promise.all([
    startNatsServer({ config: { authorization: { users: [echoWorker, admin] } } }),
    startNatsServer({ jetstream: false, config: { authorization: { token: "t0ken" } } }),
  ]);
  worker = await NatsBus.connect({ servers: server.url, user: "echo", pass: "echo-secret" });
  root = await NatsBus.connect({ servers: server.url, user: "admin", pass: "admin-secret" });
});

afterAll(async () => {
  await worker.close();
  await root.close();
  await Promise.all([server.dispose(), tokenServer.dispose()]);
});

describe("NatsBus under subject permissions", () => {
  it("lets a worker serve its own tool's subjects", async () => {
    const sub = worker
      .subscribe<string>("as.tool.Echo.call", { queue: "as.tool.Echo" })
      .subscribe((m) => m.respond?.(m.data.toUpperCase()));
    await worker.flush();
    await expect(root.request("as.tool.Echo.call", "hi", { timeoutMs: 2_000 })).resolves.toBe("HI");
    sub.unsubscribe();
  });

  it("surfaces a refused publish to an agent's inbox as BUS_PERMISSION on errors$, and it reaches nobody", async () => {
    const delivered: unknown[] = [];
    const watch = root.subscribe("as.agent.x.in").subscribe((m) => delivered.push(m.data));
    await root.flush();
    const refused = firstValueFrom(worker.errors$);
    worker.publish("as.agent.x.in", { type: "reply" });
    const error = await refused;
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({ code: "BUS_PERMISSION", subject: "as.agent.x.in" });
    expect(error.message).toContain("as.agent.x.in");
    await root.flush();
    expect(delivered).toEqual([]);
    watch.unsubscribe();
  });

  it("logs a refused publish as a warning when nobody observes errors$", async () => {
    const warned = new Promise<string>((resolve) => {
      const restore = setLogger({
        warn: (message) => {
          restore();
          resolve(message);
        },
        error: () => undefined,
      });
    });
    worker.publish("as.agent.y.in", 1);
    expect(await warned).toMatch(/refused .*publish to "as\.agent\.y\.in"/);
  });

  it("rejects a refused request with BUS_PERMISSION at once, not a timeout", async () => {
    await expect(
      worker.request("as.agent.x.in", { type: "reply" }, { timeoutMs: 20_000 }),
    ).rejects.toMatchObject({ code: "BUS_PERMISSION", subject: "as.agent.x.in" });
  });

  it("errors a subscription to another tool's subjects with BUS_PERMISSION", async () => {
    const error = await firstValueFrom(worker.subscribe("as.tool.Bash.call")).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({ code: "BUS_PERMISSION", subject: "as.tool.Bash.call" });
  });

  it("keeps working after refusals", async () => {
    const sub = worker.subscribe("as.tool.Echo.check").subscribe((m) => m.respond?.(true));
    await worker.flush();
    await expect(root.request("as.tool.Echo.check", 1, { timeoutMs: 2_000 })).resolves.toBe(true);
    sub.unsubscribe();
  });
});

describe("NatsBus authentication", () => {
  it("refuses a wrong password with BUS_CONNECTION naming the URL and the credentials", async () => {
    const error = await NatsBus.connect({
      servers: server.url,
      user: "echo",
      pass: "wrong",
      reconnect: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({ code: "BUS_CONNECTION" });
    expect((error as BusError).message).toContain(server.url);
    expect((error as BusError).message).toMatch(/credentials/);
  });

  it("refuses a missing user the same way", async () => {
    const error = await NatsBus.connect({ servers: server.url }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BUS_CONNECTION" });
    expect((error as BusError).message).toMatch(/credentials/);
  });

  it("connects with a token, and refuses a wrong one", async () => {
    const bus = await NatsBus.connect({ servers: tokenServer.url, token: "t0ken" });
    const sub = bus.subscribe("t.ping").subscribe((m) => m.respond?.("pong"));
    await bus.flush();
    await expect(bus.request("t.ping", null, { timeoutMs: 2_000 })).resolves.toBe("pong");
    sub.unsubscribe();
    await bus.close();
    const error = await NatsBus.connect({ servers: tokenServer.url, token: "nope" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BUS_CONNECTION" });
    expect((error as BusError).message).toContain(tokenServer.url);
  });
});

describe("the least-privilege configuration of docs/nats-permissions.md", () => {
  let roles: NatsServer;
  const open: NatsBus[] = [];
  const as = async (user: string, password: string): Promise<NatsBus> => {
    const bus = await NatsBus.connect({
      servers: roles.url,
      user,
      pass: password,
      inboxPrefix: `_INBOX.${user}`,
    });
    open.push(bus);
    return bus;
  };

  beforeAll(async () => {
    roles = await startNatsServer({ config: await documentedConfig() });
  });

  afterAll(async () => {
    await Promise.all(open.map((b) => b.close()));
    await roles.dispose();
  });

  it("lets each role do its work: register and serve a tool, call it, publish events, command an agent", async () => {
    const worker = await as("worker-echo", "pw");
    const agent = await as("agent-alice", "pa");
    const inspector = await as("inspector", "pi");
    const operator = await as("operator", "po");

    const registry = await worker.keyValue("as_registry");
    await registry.put("tool.Echo.w1", { name: "Echo" });
    worker
      .subscribe<string>("as.tool.Echo.call", { queue: "as.tool.Echo" })
      .subscribe((m) => m.respond?.(m.data));
    await worker.flush();

    const seen = await agent.keyValue("as_registry").then((kv) => kv.get("tool.Echo.w1"));
    expect(seen?.value).toEqual({ name: "Echo" });
    const watched = await firstValueFrom((await inspector.keyValue("as_registry")).watch());
    expect(watched.key).toBe("tool.Echo.w1");
    await expect(agent.request("as.tool.Echo.call", "hi", { timeoutMs: 5_000 })).resolves.toBe(
      "hi",
    );

    const event = firstValueFrom(inspector.subscribe("as.agent.*.events"));
    await inspector.flush();
    agent.publish("as.agent.alice.events", { type: "REPLY_START" });
    await expect(event).resolves.toMatchObject({ data: { type: "REPLY_START" } });

    agent.subscribe("as.agent.alice.in").subscribe((m) => m.respond?.({ ok: true }));
    await agent.flush();
    await expect(
      operator.request("as.agent.alice.in", { type: "interrupt" }, { timeoutMs: 5_000 }),
    ).resolves.toEqual({ ok: true });
  });

  it("refuses each role what is not its work, with BUS_PERMISSION", async () => {
    const worker = await as("worker-echo", "pw");
    const agent = await as("agent-alice", "pa");
    const inspector = await as("inspector", "pi");
    const refusedSubscription = (bus: NatsBus, subject: string) =>
      firstValueFrom(bus.subscribe(subject)).catch((e: unknown) => e);
    const refusedRequest = (bus: NatsBus, subject: string) =>
      bus.request(subject, {}, { timeoutMs: 20_000 }).catch((e: unknown) => e);

    // a worker commands no agent and serves no other tool
    expect(await refusedRequest(worker, "as.agent.alice.in")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    expect(await refusedSubscription(worker, "as.tool.Bash.call")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    // an agent speaks only as itself and reads only its own inbox
    expect(await refusedRequest(agent, "as.agent.bob.in")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    expect(await refusedSubscription(agent, "as.agent.bob.in")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    // an inspector only watches: no commands, no registry writes, nobody else's replies
    expect(await refusedRequest(inspector, "as.agent.alice.in")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    expect(await refusedSubscription(inspector, "_INBOX.>")).toMatchObject({
      code: "BUS_PERMISSION",
    });
    const registry = await inspector.keyValue("as_registry");
    await expect(registry.put("tool.Fake", {})).rejects.toMatchObject({ code: "BUS_PERMISSION" });
  });
});
