import { describe, expect, it } from "vitest";
import { collect, usePair, type OpenBusPair } from "./collect.js";

/** Subjects, wildcards, queue groups, headers, order and unsubscribing. */
export function pubSubCases(open: OpenBusPair): void {
  describe("publish/subscribe", () => {
    const pair = usePair(open);

    it("delivers a message on an exact subject to a subscriber on the other endpoint", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.agent.alice.in`));
      await a.flush();
      b.publish(`${p}.agent.alice.in`, { hello: 1 });
      const [message] = await got.until(1);
      expect(message?.subject).toBe(`${p}.agent.alice.in`);
      expect(message?.data).toEqual({ hello: 1 });
      expect(message?.replyTo).toBeUndefined();
      expect(message?.respond).toBeUndefined();
    });

    it("does not deliver subjects that only share a prefix or a suffix", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.x.y`));
      await a.flush();
      b.publish(`${p}.x`, "short");
      b.publish(`${p}.x.y.z`, "long");
      b.publish(`${p}.w.x.y`, "other");
      b.publish(`${p}.x.y`, "match");
      await got.until(1);
      await b.flush();
      await a.flush();
      expect(got.data()).toEqual(["match"]);
    });

    it("matches `*` to exactly one token", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.agent.*.in`));
      await a.flush();
      b.publish(`${p}.agent.in`, "none");
      b.publish(`${p}.agent.a.b.in`, "two");
      b.publish(`${p}.agent.a.out`, "wrong last");
      b.publish(`${p}.agent.alice.in`, "alice");
      b.publish(`${p}.agent.bob.in`, "bob");
      const messages = await got.until(2);
      await a.flush();
      expect(got.data()).toEqual(["alice", "bob"]);
      expect(messages.map((m) => m.subject)).toEqual([`${p}.agent.alice.in`, `${p}.agent.bob.in`]);
    });

    it("matches `>` to one or more trailing tokens, never zero", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.tool.>`));
      await a.flush();
      b.publish(`${p}.tool`, "zero");
      b.publish(`${p}.tools.x`, "other");
      b.publish(`${p}.tool.Bash`, "one");
      b.publish(`${p}.tool.Bash.call.extra`, "three");
      await got.until(2);
      await a.flush();
      expect(got.data()).toEqual(["one", "three"]);
    });

    it("delivers one message once to each of several matching subscriptions", async () => {
      const { a, b, p } = pair();
      const exact = collect(a.subscribe(`${p}.agent.alice.events`));
      const star = collect(a.subscribe(`${p}.agent.*.events`));
      const rest = collect(b.subscribe(`${p}.>`));
      await a.flush();
      await b.flush();
      b.publish(`${p}.agent.alice.events`, 1);
      a.publish(`${p}.agent.alice.events`, 2);
      await Promise.all([exact.until(2), star.until(2), rest.until(2)]);
      for (const got of [exact, star, rest]) expect(got.data().sort()).toEqual([1, 2]);
    });

    it("gives each message to exactly one member of a queue group, roughly fairly", async () => {
      const { a, b, p } = pair();
      const members = [
        collect(a.subscribe<number>(`${p}.tool.t.call`, { queue: "workers" })),
        collect(a.subscribe<number>(`${p}.tool.t.call`, { queue: "workers" })),
        collect(b.subscribe<number>(`${p}.tool.t.call`, { queue: "workers" })),
      ];
      await a.flush();
      await b.flush();
      const total = 300;
      for (let i = 0; i < total; i++) b.publish(`${p}.tool.t.call`, i);
      await waitForTotal(members, total);
      await a.flush();
      await b.flush();
      const all = members.flatMap((m) => m.data());
      expect(all.length).toBe(total);
      expect(new Set(all).size).toBe(total);
      // Rough: NATS picks members at random, so only "nobody starves" is portable.
      for (const member of members) expect(member.received.length).toBeGreaterThan(total / 3 / 3);
    });

    it("gives a plain subscriber every message and each queue group one copy", async () => {
      const { a, b, p } = pair();
      const plain = collect(a.subscribe<number>(`${p}.hub.h.msgs`));
      const g1 = [
        collect(a.subscribe<number>(`${p}.hub.h.msgs`, { queue: "g1" })),
        collect(b.subscribe<number>(`${p}.hub.h.msgs`, { queue: "g1" })),
      ];
      const g2 = [collect(b.subscribe<number>(`${p}.hub.*.msgs`, { queue: "g2" }))];
      await a.flush();
      await b.flush();
      for (let i = 0; i < 50; i++) a.publish(`${p}.hub.h.msgs`, i);
      await plain.until(50);
      await waitForTotal(g1, 50);
      await waitForTotal(g2, 50);
      await a.flush();
      await b.flush();
      expect(plain.data()).toEqual([...Array(50).keys()]);
      expect(g1.flatMap((m) => m.data()).sort((x, y) => x - y)).toEqual([...Array(50).keys()]);
      expect(g2[0]?.data()).toEqual([...Array(50).keys()]);
    });

    it("stops delivering to a subscription once it is unsubscribed", async () => {
      const { a, b, p } = pair();
      const gone = collect(a.subscribe(`${p}.s`));
      const kept = collect(a.subscribe(`${p}.s`));
      await a.flush();
      b.publish(`${p}.s`, 1);
      await Promise.all([gone.until(1), kept.until(1)]);
      gone.subscription.unsubscribe();
      await a.flush();
      b.publish(`${p}.s`, 2);
      await kept.until(2);
      await a.flush();
      expect(gone.data()).toEqual([1]);
      expect(kept.data()).toEqual([1, 2]);
    });

    it("carries headers beside the payload", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.h`));
      await a.flush();
      b.publish(`${p}.h`, "x", { headers: { "as-seq": "7", traceparent: "00-abc-def-01" } });
      const [message] = await got.until(1);
      expect(message?.headers?.["as-seq"]).toBe("7");
      expect(message?.headers?.["traceparent"]).toBe("00-abc-def-01");
    });

    it("keeps each publisher's order over 10,000 messages", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe<{ from: string; i: number }>(`${p}.order.>`));
      await a.flush();
      const count = 10_000;
      for (let i = 0; i < count; i++) {
        b.publish(`${p}.order.b`, { from: "b", i });
        a.publish(`${p}.order.a`, { from: "a", i });
      }
      await got.until(2 * count);
      for (const from of ["a", "b"]) {
        const seen = got
          .data()
          .filter((d) => d.from === from)
          .map((d) => d.i);
        expect(seen).toEqual([...Array(count).keys()]);
      }
    });
  });
}

/** Waits until the members of a group have received `total` messages between them. */
async function waitForTotal(
  members: readonly { received: unknown[]; until(n: number): Promise<unknown> }[],
  total: number,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (members.reduce((n, m) => n + m.received.length, 0) < total) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for the queue group");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
