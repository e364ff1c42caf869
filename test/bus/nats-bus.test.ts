import { connect } from "nats";
import { firstValueFrom, take, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BusError,
  NatsBus,
  escapeToken,
  type BusMessage,
  type KeyValueEntry,
} from "../../src/bus/index.js";
import { ActorscopeError, TimeoutError } from "../../src/errors/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

let server: NatsServer;
let a: NatsBus;
let b: NatsBus;

beforeAll(async () => {
  server = await startNatsServer();
  a = await NatsBus.connect({ servers: server.url, name: "a" });
  b = await NatsBus.connect({ servers: server.url, name: "b", codec: "json" });
});

afterAll(async () => {
  await a.close();
  await b.close();
  await server.dispose();
});

/** Resolves with the first `n` messages of a live subscription. */
async function collect<T>(bus: NatsBus, subject: string, n: number, queue?: string) {
  const got = firstValueFrom(
    bus.subscribe<T>(subject, queue === undefined ? {} : { queue }).pipe(take(n), toArray()),
  );
  await bus.flush();
  return got;
}

describe("NatsBus", () => {
  it("delivers a publish to a subscriber in another connection, decoded", async () => {
    const got = collect<{ hello: string }>(b, "t.pub.one", 1);
    await b.flush();
    a.publish("t.pub.one", { hello: "world" });
    const [m] = await got;
    expect(m).toMatchObject({ subject: "t.pub.one", data: { hello: "world" } });
    expect(m !== undefined && "respond" in m).toBe(false);
  });

  it("decodes whatever codec the sender chose (msgpack to a json bus and back)", async () => {
    const toB = collect<{ n: number; bytes: Uint8Array }>(b, "t.codec.b", 1);
    const fromB = collect<{ s: string }>(a, "t.codec.a", 1);
    await Promise.all([a.flush(), b.flush()]);
    a.publish("t.codec.b", { n: 1, bytes: new Uint8Array([1, 2, 3]) });
    b.publish("t.codec.a", { s: "é" });
    const [[m1], [m2]] = await Promise.all([toB, fromB]);
    expect(m1?.data.n).toBe(1);
    expect(Array.from(m1!.data.bytes)).toEqual([1, 2, 3]);
    expect(m2?.data).toEqual({ s: "é" });
  });

  it("keeps a publisher's order and carries the caller's headers", async () => {
    const got = await (async () => {
      const p = collect(b, "t.order", 100);
      await b.flush();
      for (let i = 0; i < 100; i++) a.publish("t.order", i, { headers: { "as-seq": String(i) } });
      return p;
    })();
    expect(got.map((m) => m.data)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(got[7]?.headers).toEqual({ "as-seq": "7" });
  });

  it("answers a request, across codecs", async () => {
    const sub = b
      .subscribe<{ x: number }>("t.echo")
      .subscribe((m) => m.respond?.({ y: m.data.x + 1 }));
    await b.flush();
    await expect(a.request("t.echo", { x: 1 }, { timeoutMs: 2_000 })).resolves.toEqual({ y: 2 });
    sub.unsubscribe();
  });

  it("rejects a request nobody serves with NO_RESPONDERS", async () => {
    await expect(a.request("t.nobody", 1, { timeoutMs: 2_000 })).rejects.toMatchObject({
      code: "NO_RESPONDERS",
      subject: "t.nobody",
    });
  });

  it("rejects a request with no reply in time with TIMEOUT", async () => {
    const sub = b.subscribe("t.silent").subscribe(() => undefined);
    await b.flush();
    const error = await a.request("t.silent", 1, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    sub.unsubscribe();
  });

  it("rejects an aborted request with ABORTED", async () => {
    const sub = b.subscribe("t.slow").subscribe(() => undefined);
    await b.flush();
    const controller = new AbortController();
    const pending = a.request("t.slow", 1, { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "ABORTED" });
    sub.unsubscribe();
  });

  it("carries a responder's typed error back as the rejection", async () => {
    const sub = b.subscribe("t.fail").subscribe((m) => {
      m.respondError?.(new BusError("BUS_PERMISSION", "no way", { subject: "x" }));
    });
    await b.flush();
    const error = await a.request("t.fail", 1, { timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActorscopeError);
    expect(error).toMatchObject({ code: "BUS_PERMISSION", message: "no way" });
    sub.unsubscribe();
  });

  it("validates on arrival: a bad payload gets VALIDATION_FAILED and is not delivered", async () => {
    const seen: unknown[] = [];
    const sub = b
      .subscribe("t.schema", { schema: z.object({ n: z.number() }), what: "test command" })
      .subscribe((m) => {
        seen.push(m.data);
        m.respond?.("ok");
      });
    await b.flush();
    await expect(a.request("t.schema", { n: "x" }, { timeoutMs: 2_000 })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(a.request("t.schema", { n: 1 }, { timeoutMs: 2_000 })).resolves.toBe("ok");
    expect(seen).toEqual([{ n: 1 }]);
    sub.unsubscribe();
  });

  it("gives each message to one member of a queue group", async () => {
    const counts = [0, 0, 0];
    const subs = counts.map((_, i) =>
      (i === 0 ? a : b).subscribe("t.queue", { queue: "workers" }).subscribe(() => {
        counts[i] = (counts[i] ?? 0) + 1;
      }),
    );
    await Promise.all([a.flush(), b.flush()]);
    const done = collect(b, "t.queue.done", 1);
    await b.flush();
    for (let i = 0; i < 30; i++) a.publish("t.queue", i);
    a.publish("t.queue.done", true);
    await done;
    await Promise.all([a.flush(), b.flush()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(30);
    for (const s of subs) s.unsubscribe();
  });

  it("streams several replies to an inbox", async () => {
    const sub = b.subscribe("t.stream").subscribe((m) => {
      for (let i = 0; i < 3; i++) m.respond?.(i);
    });
    await b.flush();
    const inbox = a.inbox();
    const got = collect<number>(a, inbox, 3);
    await a.flush();
    a.publish("t.stream", null, { replyTo: inbox });
    expect((await got).map((m: BusMessage<number>) => m.data)).toEqual([0, 1, 2]);
    sub.unsubscribe();
  });

  it("refuses invalid subjects with INVALID_SUBJECT", () => {
    expect(() => {
      a.publish("a.*", 1);
    }).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
    expect(() => {
      a.publish("a..b", 1);
    }).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
  });
});

describe("NatsBus key-value", () => {
  it("puts, gets, deletes and watches (initial entries, then changes)", async () => {
    const kv = await a.keyValue("t_kv");
    await kv.put("k1", { v: 1 });
    const other = await b.keyValue("t_kv");
    expect((await other.get("k1"))?.value).toEqual({ v: 1 });
    const seen: KeyValueEntry[] = [];
    const watching = other.watch().subscribe((e) => seen.push(e));
    await expect.poll(() => seen.length).toBe(1); // the initial entry, before any change
    await kv.put("k2", { v: 2 });
    await kv.delete("k1");
    await expect.poll(() => seen.length).toBe(3);
    watching.unsubscribe();
    expect(seen.map((e) => [e.key, e.value])).toEqual([
      ["k1", { v: 1 }],
      ["k2", { v: 2 }],
      ["k1", undefined],
    ]);
    expect((await kv.entries()).map((e) => e.key)).toEqual(["k2"]);
    expect(await kv.get("k1")).toBeUndefined();
  });

  it("lists every live entry, its keys stored as they are for any NATS client", async () => {
    const kv = await a.keyValue("t_kv_list");
    const keys = Array.from({ length: 20 }, (_, i) => `tool.${i}`);
    for (const [i, key] of keys.entries()) await kv.put(key, i);
    const plain = ["a=b", "a==_b", "dir/file"];
    for (const key of plain) await kv.put(key, key);
    const listed = await b.keyValue("t_kv_list").then((other) => other.entries());
    expect(listed.map((e) => e.key).sort()).toEqual([...keys, ...plain].sort());
    for (const key of plain) expect((await kv.get(key))?.value).toBe(key);
    const nc = await connect({ servers: server.url });
    const raw = await nc.jetstream().views.kv("t_kv_list");
    const rawKeys: string[] = [];
    for await (const key of await raw.keys()) rawKeys.push(key);
    expect(rawKeys.sort()).toEqual([...keys, ...plain].sort());
    await nc.close();
  });

  it("refuses an escaped token as a key: escapeToken's % is not in the KV alphabet", async () => {
    const kv = await a.keyValue("t_kv_bad");
    await expect(kv.put(escapeToken("a b"), 1)).rejects.toMatchObject({
      code: "INVALID_SUBJECT",
    });
    await expect(kv.put("a b", 1)).rejects.toMatchObject({ code: "INVALID_SUBJECT" });
    await expect(a.keyValue("bad.bucket")).rejects.toMatchObject({ code: "INVALID_SUBJECT" });
  });
});
