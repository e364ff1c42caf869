import { describe, expect, it } from "vitest";
import { z } from "zod";
import { collect, usePair, type OpenBusPair } from "./collect.js";

/**
 * A plain publish with a reply subject that reaches nobody: nats-server answers with a 503
 * status on the publisher's own subscription to that reply subject, and both transports turn it
 * into the same error message.
 */
export function noRespondersCases(open: OpenBusPair): void {
  describe("no responders on a publish with a reply subject", () => {
    const pair = usePair(open);

    it("sends the reply subject a NO_RESPONDERS error message without data", async () => {
      const { b, p } = pair();
      const inbox = b.inbox();
      const replies = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.nobody.home`, { n: 1 }, { replyTo: inbox });
      const [message] = await replies.until(1);
      expect(message?.subject).toBe(inbox);
      expect(message?.data).toBeUndefined();
      expect(message?.error?.code).toBe("NO_RESPONDERS");
      expect(message?.replyTo).toBeUndefined();
      expect(message?.respond).toBeUndefined();
    });

    it("reaches a reply subscription that has a schema (an error has no data to check)", async () => {
      const { b, p } = pair();
      const inbox = b.inbox();
      const replies = collect(b.subscribe(inbox, { schema: z.strictObject({ seq: z.number() }) }));
      await b.flush();
      b.publish(`${p}.nobody`, 1, { replyTo: inbox });
      const [message] = await replies.until(1);
      expect(message?.error?.code).toBe("NO_RESPONDERS");
    });

    it("counts a queue group's member as a receiver, and only says so when nobody received it", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.q`, { queue: "workers" }).subscribe((m) => {
        m.respond?.("ok");
      });
      await a.flush();
      const inbox = b.inbox();
      const replies = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.q`, 1, { replyTo: inbox });
      await replies.until(1);
      // Published after the first answer came back, so the two cannot swap places.
      b.publish(`${p}.gone`, 2, { replyTo: inbox });
      const got = await replies.until(2);
      expect(got.map((m) => [m.data, m.error?.code])).toEqual([
        ["ok", undefined],
        [undefined, "NO_RESPONDERS"],
      ]);
    });

    it("says nothing for a publish without a reply subject, and the bus goes on", async () => {
      const { b, p } = pair();
      const inbox = b.inbox();
      const replies = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.nobody`, 1);
      b.publish(`${p}.nobody`, 2, { replyTo: inbox });
      const got = await replies.until(1);
      expect(got).toHaveLength(1);
      await expect(b.request(`${p}.nobody`, 3, { timeoutMs: 10_000 })).rejects.toMatchObject({
        code: "NO_RESPONDERS",
      });
    });
  });
}
