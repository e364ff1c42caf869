import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PostSequence } from "../../../src/actors/hub/post-sequence.js";
import type { WirePost } from "../../../src/actors/hub/hub-post.js";
import { recordWarnings } from "../../tools/fixtures.js";

const post = (seq: number): WirePost => ({ id: `p${seq}`, seq, sender: null, msgs: [] });

describe("PostSequence (a hub's posts back in the hub's order)", () => {
  const warnings = recordWarnings();
  let delivered: number[];
  let sequence: PostSequence;
  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    sequence = new PostSequence((p) => delivered.push(p.seq), { hub: "h", gapTimeoutMs: 1_000 });
  });
  afterEach(() => {
    sequence.close();
    vi.useRealTimers();
  });

  it("delivers posts in place order, whatever order they arrive in", () => {
    sequence.start(1);
    for (const seq of [3, 1, 4, 2, 6, 5]) sequence.take(post(seq));
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("holds posts until it knows its first place; those before it were the hub's before it joined", () => {
    for (const seq of [5, 7, 6, 4]) sequence.take(post(seq));
    expect(delivered).toEqual([]);
    sequence.start(6);
    expect(delivered).toEqual([6, 7]);
    sequence.take(post(3));
    expect(delivered).toEqual([6, 7]);
    expect(warnings).toEqual([]);
  });

  it("skips a post that never comes once the gap has waited its bound, with a warning", () => {
    sequence.start(1);
    sequence.take(post(1));
    sequence.take(post(3));
    sequence.take(post(4));
    expect(delivered).toEqual([1]);
    vi.advanceTimersByTime(1_000);
    expect(delivered).toEqual([1, 3, 4]);
    expect(warnings).toEqual([expect.stringContaining("posts 2..2 did not arrive")]);
  });

  it("drops a skipped post that arrives late, and a second post at one place, with warnings", () => {
    sequence.start(1);
    sequence.take(post(2));
    vi.advanceTimersByTime(1_000);
    sequence.take(post(1));
    sequence.take(post(4));
    sequence.take({ ...post(4), id: "other" });
    expect(delivered).toEqual([2]);
    expect(warnings).toEqual([
      expect.stringContaining("posts 1..1 did not arrive"),
      expect.stringContaining("post 1 arrived after it was skipped"),
      expect.stringContaining("two posts at place 4"),
    ]);
  });

  it("delivers nothing after close", () => {
    sequence.start(1);
    sequence.close();
    sequence.take(post(1));
    expect(delivered).toEqual([]);
  });
});
