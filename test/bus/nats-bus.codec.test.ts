import { connect, headers, type NatsConnection } from "nats";
import { firstValueFrom } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatsBus, Subjects, jsonCodec, msgpackCodec } from "../../src/bus/index.js";
import { setLogger } from "../../src/errors/index.js";
import { UserMsg } from "../../src/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";
import { collect } from "./conformance/collect.js";

useQuietLogger();

let server: NatsServer;
let bus: NatsBus;
let raw: NatsConnection;
const subjects = new Subjects();

beforeAll(async () => {
  server = await startNatsServer();
  bus = await NatsBus.connect({ servers: server.url });
  raw = await connect({ servers: server.url });
});

afterAll(async () => {
  await bus.close();
  await raw.close();
  await server.dispose();
});

/** The `as-codec` header a plain NATS client sees on a bus publish to `subject`. */
async function codecSeenOn(subject: string): Promise<string> {
  const sub = raw.subscribe(subject, { max: 1 });
  await raw.flush();
  bus.publish(subject, { hello: 1 });
  for await (const m of sub) return m.headers?.get("as-codec") ?? "(none)";
  return "(nothing)";
}

describe("NatsBus codec headers", () => {
  it("names its codec (msgpack by default) in the as-codec header of every payload", async () => {
    expect(await codecSeenOn(subjects.agentEvents("a1"))).toBe("msgpack");
    expect(await codecSeenOn(subjects.toolCall("Bash"))).toBe("msgpack");
  });

  it("answers in its own codec, whatever the request came in", async () => {
    const sub = bus.subscribe(subjects.toolCall("Echo")).subscribe((m) => m.respond?.(m.data));
    await bus.flush();
    const h = headers();
    h.set("as-codec", "json");
    const reply = await raw.request(subjects.toolCall("Echo"), jsonCodec.encode(1), {
      timeout: 2_000,
      headers: h,
    });
    expect(reply.headers?.get("as-codec")).toBe("msgpack");
    expect(msgpackCodec.decode(reply.data)).toBe(1);
    sub.unsubscribe();
  });
});

describe("NatsBus payloads", () => {
  it("keeps binary data binary through MessagePack", async () => {
    const got = firstValueFrom(bus.subscribe<{ b: Uint8Array }>("t.bin"));
    await bus.flush();
    bus.publish("t.bin", { b: new Uint8Array([0, 255, 7]) });
    const m = await got;
    expect(m.data.b).toBeInstanceOf(Uint8Array);
    expect(Array.from(m.data.b)).toEqual([0, 255, 7]);
  });

  it("sends a Msg as its wire form (toJSON) in either codec", async () => {
    const msg = new UserMsg({ name: "user", content: "hi" });
    const got = firstValueFrom(bus.subscribe<Record<string, unknown>>(subjects.hubMsgs("h1")));
    const got2 = firstValueFrom(bus.subscribe<Record<string, unknown>>("t.msg"));
    await bus.flush();
    bus.publish(subjects.hubMsgs("h1"), msg);
    bus.publish("t.msg", msg);
    const wire = JSON.parse(JSON.stringify(msg)) as unknown;
    expect((await got).data).toEqual(wire);
    expect((await got2).data).toEqual(wire);
  });

  it("reads a plain NATS client's JSON without a codec header", async () => {
    const got = firstValueFrom(bus.subscribe("t.plain"));
    await bus.flush();
    raw.publish("t.plain", new TextEncoder().encode('{"from":"nats pub"}'));
    expect((await got).data).toEqual({ from: "nats pub" });
  });

  it("answers a request in an unknown codec with a BUS_CODEC error reply, and delivers nothing", async () => {
    const seen: unknown[] = [];
    const sub = bus.subscribe("t.unknown").subscribe((m) => seen.push(m.data));
    await bus.flush();
    const h = headers();
    h.set("as-codec", "cbor");
    const reply = await raw.request("t.unknown", new Uint8Array([1]), {
      timeout: 2_000,
      headers: h,
    });
    expect(reply.headers?.get("as-error")).toBe("1");
    expect(msgpackCodec.decode(reply.data)).toMatchObject({ code: "BUS_CODEC" });
    expect(seen).toEqual([]);
    sub.unsubscribe();
  });

  it("logs garbage published without a reply subject, and keeps delivering", async () => {
    const warned = new Promise<string>((resolve) => {
      const restore = setLogger({
        warn: (message) => {
          restore();
          resolve(message);
        },
        error: () => undefined,
      });
    });
    const seen: unknown[] = [];
    const sub = bus.subscribe("t.garbage").subscribe((m) => seen.push(m.data));
    await bus.flush();
    const h = headers();
    h.set("as-codec", "msgpack");
    raw.publish("t.garbage", new Uint8Array([0x82]), { headers: h }); // a map of two entries, cut short
    expect(await warned).toMatch(/t\.garbage/);
    bus.publish("t.garbage", "fine");
    await bus.flush();
    await raw.flush();
    await expect.poll(() => seen).toEqual(["fine"]);
    sub.unsubscribe();
  });

  it("rejects a malformed error reply with MALFORMED_WIRE_ERROR", async () => {
    const sub = raw.subscribe("t.badreply", {
      callback: (_e, m) => {
        const h = headers();
        h.set("as-codec", "json");
        h.set("as-error", "1");
        m.respond(jsonCodec.encode({ not: "an error" }), { headers: h });
      },
    });
    await raw.flush();
    await expect(bus.request("t.badreply", 1, { timeoutMs: 2_000 })).rejects.toMatchObject({
      code: "MALFORMED_WIRE_ERROR",
    });
    sub.unsubscribe();
  });

  it("turns the server's no-responders status on an inbox into a NO_RESPONDERS error message", async () => {
    const inbox = bus.inbox();
    const got = firstValueFrom(bus.subscribe(inbox));
    await bus.flush();
    bus.publish("t.nobody.home", 1, { replyTo: inbox });
    const m = await got;
    expect(m.data).toBeUndefined();
    expect(m.error).toMatchObject({ code: "NO_RESPONDERS" });
  });

  it("gets the server's no-responders status only on the publisher's own reply subscription", async () => {
    // nats-server answers the publishing connection, not every subscriber of the reply subject.
    const other = await NatsBus.connect({ servers: server.url });
    const inbox = bus.inbox();
    const elsewhere = collect(other.subscribe(inbox));
    await other.flush();
    bus.publish("t.nobody.at.all", 1, { replyTo: inbox });
    await bus.flush();
    other.publish("t.nobody.at.all", 2, { replyTo: inbox });
    // One connection's messages keep their order: a status for the first publish would come first.
    const got = await elsewhere.until(1);
    expect(got.map((m) => m.error?.code)).toEqual(["NO_RESPONDERS"]);
    await other.flush();
    expect(elsewhere.received).toHaveLength(1);
    await other.close();
  });

  it("records a bucket's codec in the bucket, so buses with other codecs share it", async () => {
    const jsonBus = await NatsBus.connect({ servers: server.url, codec: "json" });
    const created = await jsonBus.keyValue("t_shared");
    await created.put("k", { v: new Uint8Array([1]).length });
    const other = await bus.keyValue("t_shared");
    expect((await other.get("k"))?.value).toEqual({ v: 1 });
    await other.put("k2", { w: 2 });
    expect((await created.get("k2"))?.value).toEqual({ w: 2 });
    await jsonBus.close();
  });
});
