import { connect, Events, StringCodec, type NatsConnection } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";

const sc = StringCodec();

async function waitForStatus(nc: NatsConnection, type: Events): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === type) return;
  }
}

describe("startNatsServer (test harness)", () => {
  let server: NatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    server = await startNatsServer();
    nc = await connect({
      servers: server.url,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 50,
    });
  });

  afterAll(async () => {
    await nc.close();
    await server.dispose();
  });

  it("serves core NATS request/reply on a private loopback port", async () => {
    expect(server.url).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
    const sub = nc.subscribe("echo");
    void (async () => {
      for await (const m of sub) m.respond(m.data);
    })();
    const reply = await nc.request("echo", sc.encode("ping"), { timeout: 2_000 });
    expect(sc.decode(reply.data)).toBe("ping");
    sub.unsubscribe();
  });

  it("has JetStream, and its data survives a restart", async () => {
    const kv = await nc.jetstream().views.kv("harness");
    await kv.put("k", sc.encode("v1"));
    const reconnected = waitForStatus(nc, Events.Reconnect);
    await server.restart();
    await reconnected;
    expect(server.running).toBe(true);
    // the client reconnects on its own to the same port
    const kvAgain = await nc.jetstream().views.kv("harness");
    const entry = await kvAgain.get("k");
    expect(entry === null ? null : sc.decode(entry.value)).toBe("v1");
  });

  it("can be stopped (fault injection) and started again", async () => {
    await server.stop();
    expect(server.running).toBe(false);
    await expect(
      connect({ servers: server.url, reconnect: false, timeout: 500 }),
    ).rejects.toThrow();
    await server.start();
    const fresh = await connect({ servers: server.url });
    await fresh.flush();
    await fresh.close();
  });
});

describe("startNatsServer with a configuration (test harness)", () => {
  it("reloads a changed configuration into the running server: live clients lose a revoked permission, JetStream stays", async () => {
    const user = (subscribe: string[]) => ({
      user: "u",
      password: "p",
      permissions: { subscribe: { allow: [...subscribe, "_INBOX.>"] } },
    });
    const server = await startNatsServer({
      config: { authorization: { users: [user(["x.in"])] } },
    });
    const nc = await connect({ servers: server.url, user: "u", pass: "p" });
    const refused = new Promise<string>((resolve) => {
      nc.subscribe("x.in", {
        callback: (error) => {
          if (error !== null) resolve(error.code);
        },
      });
    });
    await nc.flush();
    const kv = await nc.jetstream().views.kv("reloaded");
    await kv.put("k", sc.encode("v"));
    await server.reload({ authorization: { users: [user([])] } });
    expect(await refused).toBe("PERMISSIONS_VIOLATION");
    const entry = await (await nc.jetstream().views.kv("reloaded")).get("k");
    expect(entry === null ? null : sc.decode(entry.value)).toBe("v");
    await expect(server.reload("this is { not a config")).rejects.toThrow();
    await nc.close();
    await server.dispose();
  });
});
