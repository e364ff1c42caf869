import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collect, usePair, type OpenBusPair } from "./collect.js";

const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
const subjectTail = fc.array(token, { minLength: 1, maxLength: 5 }).map((t) => t.join("."));
const binary = fc.uint8Array({ maxLength: 64 });
const json = fc.jsonValue({ maxDepth: 4 });
const mixed = fc.oneof(
  json,
  binary,
  fc.record({ bytes: binary, json: fc.jsonValue({ maxDepth: 2 }) }),
);

/** What a transport gives back: JSON data as JSON would, bytes as bytes. */
function expected(value: unknown): unknown {
  if (value instanceof Uint8Array) return [...value];
  if (typeof value === "object" && value !== null && "bytes" in value && "json" in value) {
    const { bytes, json } = value as { bytes: Uint8Array; json: unknown };
    return { bytes: [...bytes], json: expected(json) };
  }
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Binary back to plain arrays, so a received value compares with {@link expected}. */
function comparable(value: unknown): unknown {
  if (value instanceof Uint8Array) return [...value];
  if (typeof value === "object" && value !== null && "bytes" in value && "json" in value) {
    const { bytes, json } = value;
    expect(bytes).toBeInstanceOf(Uint8Array);
    return { bytes: comparable(bytes), json };
  }
  return value;
}

/** Random payloads on random valid subjects: nothing crashes, everything arrives intact. */
export function propertyCases(open: OpenBusPair, { binary }: { binary: boolean }): void {
  describe("random payloads (property)", () => {
    const pair = usePair(open);

    it("delivers random JSON (and binary) payloads on random valid subjects intact", async () => {
      const { a, b, p } = pair();
      const payload = binary ? mixed : json;
      await fc.assert(
        fc.asyncProperty(subjectTail, payload, async (tail, value) => {
          const subject = `${p}.${tail}`;
          const got = collect(a.subscribe(subject));
          try {
            await a.flush();
            b.publish(subject, value);
            const [message] = await got.until(1);
            expect(message?.subject).toBe(subject);
            if (value instanceof Uint8Array) expect(message?.data).toBeInstanceOf(Uint8Array);
            expect(comparable(message?.data)).toEqual(expected(value));
          } finally {
            got.subscription.unsubscribe();
          }
        }),
        { numRuns: 60 },
      );
    });
  });
}
