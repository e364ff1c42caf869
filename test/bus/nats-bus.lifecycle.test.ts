import { filter, firstValueFrom, lastValueFrom, take, toArray } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NatsBus, type BusStatus } from "../../src/bus/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

let server: NatsServer;
const buses: NatsBus[] = [];

async function connect(options: Parameters<typeof NatsBus.connect>[0] = {}): Promise<NatsBus> {
  const bus = await NatsBus.connect({ servers: server.url, ...options });
  buses.push(bus);
  return bus;
}

function next(bus: NatsBus, type: BusStatus["type"]): Promise<BusStatus> {
  return firstValueFrom(bus.status$.pipe(filter((s) => s.type === type)));
}

beforeEach(async () => {
  server = await startNatsServer();
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
  await server.dispose();
});

describe("NatsBus.close", () => {
  it("sends every publish made before it (drain) and completes the sender's subscriptions", async () => {
    const receiver = await connect();
    const sender = await connect();
    const got = lastValueFrom(receiver.subscribe<number>("t.drain").pipe(take(1_000), toArray()));
    await receiver.flush();
    const own = lastValueFrom(sender.subscribe("t.own").pipe(toArray()));
    await sender.flush();
    for (let i = 0; i < 1_000; i++) sender.publish("t.drain", i);
    await sender.close();
    expect((await got).map((m) => m.data)).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    await expect(own).resolves.toEqual([]);
    expect(sender.isClosed).toBe(true);
  });

  it("is idempotent, and the bus refuses use afterwards with BUS_CLOSED", async () => {
    const bus = await connect();
    const first = bus.close();
    expect(bus.close()).toBe(first);
    await first;
    expect(() => {
      bus.publish("t.x", 1);
    }).toThrow(expect.objectContaining({ code: "BUS_CLOSED" }));
    await expect(firstValueFrom(bus.subscribe("t.x"))).rejects.toMatchObject({
      code: "BUS_CLOSED",
    });
    await expect(bus.request("t.x", 1, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: "BUS_CLOSED",
    });
    await expect(bus.keyValue("b")).rejects.toMatchObject({ code: "BUS_CLOSED" });
    await expect(bus.flush()).rejects.toMatchObject({ code: "BUS_CLOSED" });
    expect(() => bus.inbox()).toThrow(expect.objectContaining({ code: "BUS_CLOSED" }));
  });

  it("ends a request still waiting with BUS_CLOSED", async () => {
    const bus = await connect();
    const silent = bus.subscribe("t.silent").subscribe(() => undefined);
    await bus.flush();
    const pending = bus.request("t.silent", 1, { timeoutMs: 30_000 });
    await bus.close();
    await expect(pending).rejects.toMatchObject({ code: "BUS_CLOSED" });
    silent.unsubscribe();
  });

  it("completes key-value watches", async () => {
    const bus = await connect();
    const kv = await bus.keyValue("t_close");
    await kv.put("k", 1);
    const watched = lastValueFrom(kv.watch().pipe(toArray()));
    await firstValueFrom(kv.watch());
    await bus.close();
    await expect(watched).resolves.toEqual(expect.any(Array));
  });
});

describe("NatsBus across a server restart", () => {
  it("ends an in-flight request with BUS_CONNECTION, reconnects, and serves new requests", async () => {
    const server$ = await connect({ name: "responder" });
    const client = await connect({ name: "client" });
    const silent = firstValueFrom(server$.subscribe("t.silent"));
    server$.subscribe<number>("t.echo").subscribe((m) => m.respond?.(m.data));
    await server$.flush();
    await expect(client.request("t.echo", 1, { timeoutMs: 5_000 })).resolves.toBe(1);

    const inFlight = client.request("t.silent", 1, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    // Restarted only once the request is with its (silent) responder: before, the server might
    // find nobody there while it shuts down and answer "no responders".
    await silent;
    const lost = next(client, "disconnect");
    const back = Promise.all([next(client, "reconnect"), next(server$, "reconnect")]);
    await server.restart();
    expect(await inFlight).toMatchObject({ code: "BUS_CONNECTION", subject: "t.silent" });
    await lost;
    await back;
    await Promise.all([client.flush(), server$.flush()]);
    await expect(client.request("t.echo", 2, { timeoutMs: 5_000 })).resolves.toBe(2);
  });

  it("ends an in-flight request with BUS_CONNECTION when the server crashes", async () => {
    const client = await connect();
    client.subscribe("t.silent").subscribe(() => undefined);
    await client.flush();
    const inFlight = client.request("t.silent", 1, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    await server.kill();
    expect(await inFlight).toMatchObject({ code: "BUS_CONNECTION" });
    await server.start();
    await next(client, "reconnect");
  });

  it("closes by itself when reconnection is off: subscriptions error with BUS_CONNECTION", async () => {
    const bus = await connect({ reconnect: false });
    const sub = firstValueFrom(bus.subscribe("t.x")).catch((e: unknown) => e);
    const closed = next(bus, "closed");
    await bus.flush();
    await server.stop();
    expect(await sub).toMatchObject({ code: "BUS_CONNECTION" });
    expect((await closed).error).toMatchObject({ code: "BUS_CONNECTION" });
    expect(bus.isClosed).toBe(true);
    await expect(bus.request("t.x", 1, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: "BUS_CLOSED",
    });
    await bus.close();
  });
});
