import { describe, expect, it } from "vitest";
import { CappedBuffer } from "../../../src/tools/backends/index.js";

describe("CappedBuffer", () => {
  it("keeps everything under the limit", () => {
    const buffer = new CappedBuffer(10);
    buffer.push(new Uint8Array([1, 2, 3]));
    buffer.push(new Uint8Array([4]));
    expect(Array.from(buffer.bytes())).toEqual([1, 2, 3, 4]);
    expect(buffer.truncated).toBe(false);
    expect(buffer.totalBytes).toBe(4);
  });

  it("drops what goes past the limit but counts it", () => {
    const buffer = new CappedBuffer(3);
    buffer.push(new Uint8Array([1, 2]));
    buffer.push(new Uint8Array([3, 4, 5]));
    buffer.push(new Uint8Array([6]));
    expect(Array.from(buffer.bytes())).toEqual([1, 2, 3]);
    expect(buffer.truncated).toBe(true);
    expect(buffer.totalBytes).toBe(6);
  });
});
