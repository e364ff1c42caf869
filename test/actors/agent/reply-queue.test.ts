import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QueuedReply, ReplyQueue } from "../../../src/actors/agent/reply-queue.js";

describe("ReplyQueue", () => {
  it("is FIFO under any mix of push, shift and remove (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant("push"), fc.constant("shift"), fc.nat({ max: 5 }))),
        (ops) => {
          const queue = new ReplyQueue<number>();
          const model: number[] = [];
          let next = 0;
          for (const op of ops) {
            if (op === "push") {
              queue.push(next);
              model.push(next++);
            } else if (op === "shift") {
              expect(queue.shift()).toBe(model.shift());
            } else {
              const item = model[op];
              expect(queue.remove(item ?? -1)).toBe(item !== undefined);
              if (item !== undefined) model.splice(op, 1);
            }
            expect(queue.size).toBe(model.length);
            expect(queue.isEmpty).toBe(model.length === 0);
          }
          expect(queue.drain()).toEqual(model);
          expect(queue.isEmpty).toBe(true);
        },
      ),
    );
  });
});

describe("QueuedReply", () => {
  it("settles once: a grant wins over a later refusal", async () => {
    const ticket = new QueuedReply<string, string>("input", false, () => {});
    ticket.grant("claim");
    ticket.refuse(new Error("late"));
    await expect(ticket.turn).resolves.toBe("claim");
  });

  it("cancelled while it waits: resolves with null and asks to leave the queue", async () => {
    const cancelled: (string | null)[] = [];
    const ticket = new QueuedReply<string, string>("input", true, (granted) => {
      cancelled.push(granted);
    });
    ticket.cancel();
    ticket.cancel();
    ticket.grant("too late");
    await expect(ticket.turn).resolves.toBeNull();
    expect(cancelled).toEqual([null]);
    expect(ticket.cancelled).toBe(true);
  });

  it("cancelled just after its grant: hands the claim back to be let go", () => {
    const cancelled: (string | null)[] = [];
    const ticket = new QueuedReply<string, string>("input", true, (granted) => {
      cancelled.push(granted);
    });
    ticket.grant("claim");
    ticket.cancel();
    expect(cancelled).toEqual(["claim"]);
  });
});
