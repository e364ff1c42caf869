import { describe, expect, it } from "vitest";
import { BusError, assertBucketName, assertKeyName } from "../../../src/bus/index.js";
import { caught, collectItems, usePair, type OpenBusPair } from "./collect.js";

/** The whole alphabet of NATS KV keys: letters, digits, `-/_=.` (`.` inside only). */
const VALID_KEYS = ["a-b_c/d=e.f", "A9", "x/y/z", "=", "-", "_", "/", "a.b.c", "tool.Bash"];
const INVALID_KEYS = [
  "",
  ".",
  ".a",
  "a.",
  "a..b",
  "a b",
  " ",
  "a\tb",
  "*",
  "a*",
  "a.*",
  ">",
  "a.>",
  "%",
  "a%2Eb",
  "é",
  "ключ",
  "a\u00a0b",
  "a:b",
  "a,b",
];
const INVALID_BUCKETS = ["", "a.b", "a b", "a*", "a>", "a/b", "a=b", "a%", "é", "a\u00a0"];

/** The key-value store beside the bus, seen from both endpoints. */
export function keyValueCases(open: OpenBusPair): void {
  describe("keyValue", () => {
    const pair = usePair(open);

    it("puts on one endpoint and gets on the other, revisions growing", async () => {
      const { a, b, p } = pair();
      const kvA = await a.keyValue(`${p}_reg`);
      const kvB = await b.keyValue(`${p}_reg`);
      expect(kvA.bucket).toBe(`${p}_reg`);
      const r1 = await kvA.put("tool.Bash", { schema: { type: "object" }, workers: 1 });
      const r2 = await kvA.put("tool.Read", { workers: 2 });
      expect(r2).toBeGreaterThan(r1);
      await expect(kvB.get("tool.Bash")).resolves.toEqual({
        key: "tool.Bash",
        value: { schema: { type: "object" }, workers: 1 },
        revision: r1,
      });
      const r3 = await kvB.put("tool.Bash", { workers: 3 });
      expect(r3).toBeGreaterThan(r2);
      expect((await kvA.get("tool.Bash"))?.value).toEqual({ workers: 3 });
      await expect(kvA.get("tool.Missing")).resolves.toBeUndefined();
    });

    it("deletes a key and lists the live entries in revision order", async () => {
      const { a, b, p } = pair();
      const kvA = await a.keyValue(`${p}_reg`);
      const kvB = await b.keyValue(`${p}_reg`);
      await kvA.put("x", 1);
      await kvA.put("y", 2);
      await kvA.put("z", 3);
      await kvB.delete("y");
      await expect(kvA.get("y")).resolves.toBeUndefined();
      const entries = await kvA.entries<number>();
      expect(entries.map((e) => [e.key, e.value])).toEqual([
        ["x", 1],
        ["z", 3],
      ]);
      expect(entries[0]?.revision).toBeLessThan(entries[1]?.revision ?? 0);
    });

    it("watches: the live entries first, then every change, deletions without a value", async () => {
      const { a, b, p } = pair();
      const kvA = await a.keyValue(`${p}_reg`);
      const kvB = await b.keyValue(`${p}_reg`);
      await kvA.put("w1", "one");
      await kvA.put("gone", "soon");
      await kvA.delete("gone");
      const watch = collectItems(kvB.watch());
      // Change nothing before the watch has shown the current entries.
      await watch.until(1);
      await kvA.put("w2", { n: 2 });
      await kvA.put("w1", "uno");
      await kvA.delete("w2");
      const entries = await watch.until(4);
      watch.subscription.unsubscribe();
      expect(entries.map((e) => [e.key, e.value])).toEqual([
        ["w1", "one"],
        ["w2", { n: 2 }],
        ["w1", "uno"],
        ["w2", undefined],
      ]);
      const revisions = entries.map((e) => e.revision);
      expect([...revisions].sort((x, y) => x - y)).toEqual(revisions);
    });

    it("completes its watches when the bus closes", async () => {
      const { a, p } = pair();
      const kv = await a.keyValue(`${p}_reg`);
      await kv.put("k", 1);
      const watch = collectItems(kv.watch());
      await watch.until(1);
      await a.close();
      await expect(watch.ended()).resolves.toBe("complete");
      expect(watch.received.map((e) => e.key)).toEqual(["k"]);
    });

    it("takes every key of the NATS KV alphabet, stored as it is", async () => {
      const { a, b, p } = pair();
      const kvA = await a.keyValue(`${p}_keys`);
      const kvB = await b.keyValue(`${p}_keys`);
      const keys = VALID_KEYS;
      for (const [i, key] of keys.entries()) await kvA.put(key, i);
      for (const [i, key] of keys.entries()) expect((await kvB.get(key))?.value).toBe(i);
      expect((await kvB.entries()).map((e) => e.key)).toEqual(keys);
      await kvB.delete(keys[0] ?? "");
      await expect(kvA.get(keys[0] ?? "")).resolves.toBeUndefined();
    });

    it("refuses invalid keys before any round trip: one BusError, one message", async () => {
      const { a, p } = pair();
      const bucket = `${p}_reg`;
      const kv = await a.keyValue(bucket);
      for (const key of INVALID_KEYS) {
        const expected = caught(() => {
          assertKeyName(key, bucket);
        }) as BusError;
        expect(expected).toBeInstanceOf(BusError);
        expect(expected).toMatchObject({ code: "INVALID_SUBJECT", data: { key, bucket } });
        for (const attempt of [kv.put(key, 1), kv.get(key), kv.delete(key)]) {
          const error = await attempt.catch((e: unknown) => e);
          expect(error, `key ${JSON.stringify(key)}`).toBeInstanceOf(BusError);
          expect(error).toMatchObject({ code: expected.code, message: expected.message });
        }
      }
      // Nothing was written by the refused calls.
      await expect(kv.entries()).resolves.toEqual([]);
    });

    it("refuses invalid bucket names with assertBucketName's error, and takes valid ones", async () => {
      const { a, p } = pair();
      for (const bucket of INVALID_BUCKETS) {
        const expected = caught(() => {
          assertBucketName(bucket);
        }) as BusError;
        expect(expected).toMatchObject({ code: "INVALID_SUBJECT", data: { bucket } });
        const error = await a.keyValue(bucket).catch((e: unknown) => e);
        expect(error, `bucket ${JSON.stringify(bucket)}`).toBeInstanceOf(BusError);
        expect(error).toMatchObject({ code: expected.code, message: expected.message });
      }
      const kv = await a.keyValue(`${p}-Valid_9`);
      expect(kv.bucket).toBe(`${p}-Valid_9`);
    });
  });
}
