import { describe, expect, it } from "vitest";
import { ModelError } from "../../../src/model/index.js";
import { BodyCounter } from "../../../src/model/openai/limited-fetch.js";

const ctx = { model: "m", baseURL: "http://127.0.0.1/v1" };
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function feed(counter: BodyCounter, ...pieces: string[]): (ModelError | null)[] {
  return pieces.map((piece) => counter.add(bytes(piece)));
}

describe("limitedFetch's body counter", () => {
  it("counts an event from its last separator, for each separator the SDK knows", () => {
    for (const separator of ["\n\n", "\r\r", "\r\n\r\n"]) {
      const counter = new BodyCounter({ maxResponseBytes: 1000, maxEventBytes: 12 }, ctx);
      expect(feed(counter, `data: 12345${separator}`, "data: 1234", separator, "data: 12")).toEqual(
        [null, null, null, null],
      );
    }
  });

  it("finds a separator split across chunks, byte by byte", () => {
    const counter = new BodyCounter({ maxResponseBytes: 1000, maxEventBytes: 16 }, ctx);
    expect(feed(counter, "data: 123456", "\r", "\n", "\r", "\n", "data: 123456")).toEqual(
      Array.from({ length: 6 }, () => null),
    );
  });

  it("fails an event that grows past maxEventBytes over several chunks", () => {
    // Single line ends are not event separators: the event is 17 bytes by the last chunk.
    const counter = new BodyCounter({ maxResponseBytes: 1000, maxEventBytes: 16 }, ctx);
    const results = feed(counter, "data: 12", "34\n", "56\r", "78", "9");
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toBeInstanceOf(ModelError);
    expect(results[4]?.code).toBe("MODEL_UPSTREAM");
  });

  it("fails a body past maxResponseBytes however it is cut into events", () => {
    const counter = new BodyCounter({ maxResponseBytes: 20, maxEventBytes: 12 }, ctx);
    const results = feed(counter, "a\n\n", "b\n\n", "c\n\n", "d\n\n", "e\n\n", "f\n\n", "g\n\n");
    expect(results.slice(0, 6)).toEqual(Array.from({ length: 6 }, () => null));
    expect(results[6]?.message).toContain("more than 20 bytes in one response");
  });
});
