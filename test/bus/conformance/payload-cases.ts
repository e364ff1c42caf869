import { describe, expect, it } from "vitest";
import { z } from "zod";
import { setLogger, ValidationError } from "../../../src/errors/index.js";
import { Msg, UserMsg } from "../../../src/message/index.js";
import { collect, usePair, type OpenBusPair } from "./collect.js";

/** What subscribers see: plain data, bytes as bytes, payloads validated on arrival. */
export function payloadCases(open: OpenBusPair, { binary }: { binary: boolean }): void {
  describe("payloads", () => {
    const pair = usePair(open);

    it("delivers a Msg instance as its plain wire JSON", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.hub.h.msgs`));
      await a.flush();
      const msg = new UserMsg({ name: "alice", content: "hello" });
      b.publish(`${p}.hub.h.msgs`, msg);
      const [message] = await got.until(1);
      expect(message?.data).not.toBeInstanceOf(Msg);
      expect(Object.getPrototypeOf(message?.data)).toBe(Object.prototype);
      expect(message?.data).toEqual(msg.toJSON());
      expect(Msg.fromJSON(message?.data).getTextContent()).toBe("hello");
    });

    it.skipIf(!binary)("keeps Uint8Array payloads as binary bytes", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe<{ bytes: Uint8Array }>(`${p}.bin`));
      await a.flush();
      const bytes = Uint8Array.from([0, 1, 2, 254, 255]);
      b.publish(`${p}.bin`, { bytes, name: "blob" });
      const [message] = await got.until(1);
      expect(message?.data.bytes).toBeInstanceOf(Uint8Array);
      expect([...(message?.data.bytes ?? [])]).toEqual([0, 1, 2, 254, 255]);
    });

    it("is not affected by the publisher changing its object after publishing", async () => {
      const { a, b, p } = pair();
      const got = collect(a.subscribe(`${p}.m`));
      await a.flush();
      const payload = { list: [1, 2], nested: { n: 1 } };
      b.publish(`${p}.m`, payload);
      payload.list.push(3);
      payload.nested.n = 99;
      const [message] = await got.until(1);
      expect(message?.data).toEqual({ list: [1, 2], nested: { n: 1 } });
    });

    it("delivers a payload that passes the subscription's schema as the schema's output", async () => {
      const { a, b, p } = pair();
      const schema = z.object({ n: z.number(), label: z.string().default("none") });
      const got = collect(a.subscribe(`${p}.v`, { schema, what: "counter" }));
      await a.flush();
      b.publish(`${p}.v`, { n: 1 });
      const [message] = await got.until(1);
      expect(message?.data).toEqual({ n: 1, label: "none" });
    });

    it("answers a malformed request with VALIDATION_FAILED naming the fields, and delivers nothing", async () => {
      const { a, b, p } = pair();
      const schema = z.object({ command: z.string(), timeout: z.number() });
      const got = collect(a.subscribe(`${p}.tool.Bash.call`, { schema, what: "tool call" }));
      await a.flush();
      const error = await b
        .request(`${p}.tool.Bash.call`, { command: 1 }, { timeoutMs: 10_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).what).toBe("tool call");
      expect((error as ValidationError).issues.map((i) => i.path).sort()).toEqual([
        "command",
        "timeout",
      ]);
      b.publish(`${p}.tool.Bash.call`, { command: "ls", timeout: 1 });
      await got.until(1);
      expect(got.data()).toEqual([{ command: "ls", timeout: 1 }]);
    });

    it("drops a malformed publish with one warning naming the subject and the fields", async () => {
      const { a, b, p } = pair();
      const warnings: { message: string; details: unknown }[] = [];
      const restore = setLogger({
        warn: (message, details) => warnings.push({ message, details }),
        error: () => undefined,
      });
      try {
        const schema = z.object({ text: z.string() });
        const got = collect(a.subscribe(`${p}.ev`, { schema, what: "agent event" }));
        await a.flush();
        b.publish(`${p}.ev`, { text: 42 });
        b.publish(`${p}.ev`, { text: "fine" });
        await got.until(1);
        expect(got.data()).toEqual([{ text: "fine" }]);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.message).toContain(`${p}.ev`);
        expect(warnings[0]?.message).toContain("agent event");
        expect(warnings[0]?.message).toContain("text");
      } finally {
        restore();
      }
    });
  });
}
