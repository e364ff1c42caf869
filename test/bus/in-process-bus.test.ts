import { config, map } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { InProcessBus, jsonCodec } from "../../src/bus/index.js";
import { setLogger } from "../../src/errors/index.js";
import { UserMsg } from "../../src/message/index.js";
import { collect } from "./conformance/collect.js";
import { describeBusConformance } from "./conformance/bus-conformance.js";

describeBusConformance("InProcessBus", () => {
  const bus = new InProcessBus();
  return Promise.resolve({ a: bus, b: bus, close: () => bus.close() });
});

describeBusConformance(
  "InProcessBus with the JSON codec",
  () => {
    const bus = new InProcessBus({ codec: jsonCodec });
    return Promise.resolve({ a: bus, b: bus, close: () => bus.close() });
  },
  { binary: false },
);

describe("InProcessBus", () => {
  let bus = new InProcessBus();
  afterEach(async () => {
    await bus.close();
    bus = new InProcessBus();
  });

  it("routes 10,000 agents' inboxes: each agent gets exactly its own message", async () => {
    const agents = 10_000;
    const seen: number[][] = Array.from({ length: agents }, () => []);
    for (let i = 0; i < agents; i++) {
      bus.subscribe<number>(`as.agent.a${i}.in`).subscribe((m) => seen[i]?.push(m.data));
    }
    const observer = collect(bus.subscribe<number>("as.agent.*.in"));
    for (let i = 0; i < agents; i++) bus.publish(`as.agent.a${i}.in`, i);
    await bus.flush();
    expect(seen.every((got, i) => got.length === 1 && got[0] === i)).toBe(true);
    expect(observer.received).toHaveLength(agents);
  });

  it("delivers asynchronously: publish returns first, and a handler that publishes does not recurse", async () => {
    const order: string[] = [];
    let depth = 0;
    bus.subscribe<number>("as.ping").subscribe((m) => {
      depth++;
      order.push(`ping ${m.data} depth ${depth}`);
      if (m.data < 3) bus.publish("as.ping", m.data + 1);
      depth--;
    });
    bus.publish("as.ping", 0);
    order.push("published");
    await bus.flush();
    await bus.flush();
    expect(order).toEqual([
      "published",
      "ping 0 depth 1",
      "ping 1 depth 1",
      "ping 2 depth 1",
      "ping 3 depth 1",
    ]);
  });

  it("keeps delivering to everyone else when a subscriber throws (RxJS reports each throw)", async () => {
    const reported: unknown[] = [];
    const previous = config.onUnhandledError;
    config.onUnhandledError = (error) => reported.push(error);
    try {
      let thrower = 0;
      bus.subscribe("as.t").subscribe(() => {
        thrower++;
        throw new Error("handler bug");
      });
      const piped = collect(
        bus.subscribe("as.t").pipe(
          map(() => {
            throw new Error("operator bug");
          }),
        ),
      );
      const healthy = collect(bus.subscribe<number>("as.t"));
      for (let i = 0; i < 3; i++) bus.publish("as.t", i);
      await healthy.until(3);
      // Each throw is reported once; the plain observer stays subscribed and sees every message.
      await expect.poll(() => reported.length).toBe(3);
      expect(thrower).toBe(3);
      // A throwing operator errors its own pipeline, which unsubscribes from the bus.
      await expect(piped.ended()).rejects.toThrow("operator bug");
      expect(healthy.data()).toEqual([0, 1, 2]);
    } finally {
      config.onUnhandledError = previous;
    }
  });

  it("passes references unchanged with codec none", async () => {
    const fast = new InProcessBus({ codec: "none" });
    const got = collect(fast.subscribe("as.x"));
    const msg = new UserMsg({ name: "a", content: "hi" });
    fast.publish("as.x", msg);
    await got.until(1);
    expect(got.data()[0]).toBe(msg);
    await fast.close();
  });

  it("shares one decoded value among the subscribers of one publish", async () => {
    const first = collect(bus.subscribe("as.s"));
    const second = collect(bus.subscribe("as.s"));
    bus.publish("as.s", { big: [1, 2, 3] });
    await Promise.all([first.until(1), second.until(1)]);
    expect(first.data()[0]).toBe(second.data()[0]);
  });

  it("balances a queue group round-robin, exactly, per subject", async () => {
    const counts = [0, 0, 0];
    for (const i of [0, 1, 2]) {
      bus.subscribe("as.tool.*.call", { queue: "w" }).subscribe(() => {
        counts[i] = (counts[i] ?? 0) + 1;
      });
    }
    for (let i = 0; i < 150; i++) {
      bus.publish("as.tool.A.call", i);
      bus.publish("as.tool.B.call", i);
    }
    await bus.flush();
    expect(counts).toEqual([100, 100, 100]);
  });

  it("cleans up the request's inbox however the request ends", async () => {
    bus.subscribe<string>("as.svc").subscribe((m) => {
      if (m.data === "ok") m.respond?.("fine");
      if (m.data === "bad") m.respondError?.(new Error("no"));
      if (m.data === "shape") m.respond?.(42);
    });
    const baseline = bus.subscriptionCount;
    const outcomes = await Promise.allSettled([
      bus.request("as.svc", "ok", { timeoutMs: 5_000 }),
      bus.request("as.svc", "bad", { timeoutMs: 5_000 }),
      bus.request("as.svc", "shape", { timeoutMs: 5_000, schema: z.string() }),
      bus.request("as.svc", "silent", { timeoutMs: 10 }),
      bus.request("as.nobody", "x", { timeoutMs: 5_000 }),
      bus.request("as.svc", "silent", { timeoutMs: 5_000, signal: AbortSignal.abort() }),
      bus.request("as.svc", "silent", { timeoutMs: -5 }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      ...Array<string>(6).fill("rejected"),
    ]);
    expect(bus.subscriptionCount).toBe(baseline);
  });

  it("answers queued requests while closing, and drops later replies with a warning", async () => {
    const warnings: string[] = [];
    const restore = setLogger({ warn: (m) => warnings.push(m), error: () => undefined });
    try {
      let late: ((payload: unknown) => void) | undefined;
      bus.subscribe<string>("as.svc").subscribe((m) => {
        if (m.data === "now") m.respond?.("answered while draining");
        else late = m.respond;
      });
      const answered = bus.request("as.svc", "now", { timeoutMs: 5_000 });
      const unanswered = bus.request("as.svc", "later", { timeoutMs: 5_000 });
      await bus.close();
      await expect(answered).resolves.toBe("answered while draining");
      await expect(unanswered).rejects.toMatchObject({ code: "BUS_CLOSED" });
      late?.("too late");
      expect(warnings).toEqual([expect.stringContaining("the bus is closed")]);
    } finally {
      restore();
    }
  });

  it("still fires timers while two subscribers ping-pong without end", async () => {
    let running = true;
    let volleys = 0;
    bus.subscribe("as.ping").subscribe(() => {
      volleys++;
      if (running) bus.publish("as.pong", 0);
    });
    bus.subscribe("as.pong").subscribe(() => {
      if (running) bus.publish("as.ping", 0);
    });
    collect(bus.subscribe("as.silent"));
    bus.publish("as.ping", 0);
    const error = await bus.request("as.silent", 0, { timeoutMs: 20 }).catch((e: unknown) => e);
    running = false;
    expect(error).toMatchObject({ code: "TIMEOUT" });
    expect(volleys).toBeGreaterThan(0);
  });

  it("drops a message already queued for a subscription that unsubscribes first", async () => {
    const victim = collect(bus.subscribe("as.u"));
    bus.subscribe("as.first").subscribe(() => {
      victim.subscription.unsubscribe();
    });
    bus.publish("as.first", 0);
    bus.publish("as.u", 1);
    await bus.flush();
    expect(victim.received).toHaveLength(0);
  });

  it("stores a copy on put: changing the object afterwards changes nothing", async () => {
    const kv = await bus.keyValue("reg");
    const value = { workers: ["w1"] };
    await kv.put("tool", value);
    value.workers.push("w2");
    expect((await kv.get("tool"))?.value).toEqual({ workers: ["w1"] });
  });

  it("resolves flush only after every earlier publish has been delivered", async () => {
    const got = collect(bus.subscribe("as.f"));
    for (let i = 0; i < 50_000; i++) bus.publish("as.f", i);
    await bus.flush();
    expect(got.received).toHaveLength(50_000);
  });
});
