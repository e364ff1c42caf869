import { describe, expect, it } from "vitest";
import { collectItems, usePair, type OpenBusPair } from "./collect.js";

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

    it("refuses invalid bucket names and keys with INVALID_SUBJECT", async () => {
      const { a, p } = pair();
      const invalid = { code: "INVALID_SUBJECT" };
      for (const bucket of ["", "a.b", "a b", "a*", "a/b"]) {
        await expect(a.keyValue(bucket)).rejects.toMatchObject(invalid);
      }
      const kv = await a.keyValue(`${p}_reg`);
      for (const key of ["", ".a", "a.", "a..b", "a b", "a*", "a>", "é"]) {
        await expect(kv.put(key, 1)).rejects.toMatchObject(invalid);
        await expect(kv.get(key)).rejects.toMatchObject(invalid);
      }
    });
  });
}
