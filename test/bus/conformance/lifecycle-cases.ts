import { describe, expect, it } from "vitest";
import { BusError } from "../../../src/bus/index.js";
import { busClosedError } from "../../../src/bus/bus-error.js";
import { caught, collect, usePair, type OpenBusPair } from "./collect.js";

const BAD_PUBLISH = [
  "",
  "as..x",
  "as.x.",
  ".as",
  "as x",
  "as.\tx",
  "as.*",
  "as.>",
  "as.x*",
  "a.>.b",
];
const BAD_SUBSCRIBE = ["", "as..x", "as x", "a.>.b", "as.x*", "as.>x", "as.*x"];

/** Invalid subjects, and what `close()` does. */
export function lifecycleCases(open: OpenBusPair): void {
  describe("subjects and closing", () => {
    const pair = usePair(open);

    it("refuses invalid subjects with INVALID_SUBJECT everywhere a subject is given", async () => {
      const { a, p } = pair();
      const invalid = { code: "INVALID_SUBJECT" };
      for (const subject of BAD_PUBLISH) {
        expect(
          caught(() => {
            a.publish(subject, 1);
          }),
        ).toMatchObject(invalid);
        await expect(a.request(subject, 1, { timeoutMs: 1_000 })).rejects.toMatchObject(invalid);
      }
      for (const subject of BAD_SUBSCRIBE) {
        // Refused at the call or as the observable's error: the contract allows either.
        let errored: unknown;
        const thrown = caught(() =>
          a.subscribe(subject).subscribe({
            error: (error: unknown) => {
              errored = error;
            },
          }),
        );
        expect(thrown ?? errored).toMatchObject(invalid);
      }
      expect(
        caught(() => {
          a.publish(`${p}.ok`, 1, { replyTo: `${p}.*` });
        }),
      ).toMatchObject(invalid);
      const error = caught(() => {
        a.publish("as.*", 1);
      });
      expect(error).toBeInstanceOf(BusError);
      expect((error as BusError).subject).toBe("as.*");
    });

    it("delivers what is queued, then completes its subscriptions on close", async () => {
      const { a, p } = pair();
      const got = collect(a.subscribe<number>(`${p}.c`));
      await a.flush();
      for (let i = 0; i < 100; i++) a.publish(`${p}.c`, i);
      await a.close();
      await expect(got.ended()).resolves.toBe("complete");
      expect(got.data()).toEqual([...Array(100).keys()]);
      expect(a.isClosed).toBe(true);
    });

    it("rejects pending requests with BUS_CLOSED when closed", async () => {
      const { a, b, p } = pair();
      const silent = collect(b.subscribe(`${p}.silent`));
      await b.flush();
      const pending = a.request(`${p}.silent`, 1, { timeoutMs: 10_000 });
      await silent.until(1);
      await a.close();
      await expect(pending).rejects.toMatchObject({
        code: "BUS_CLOSED",
        message: busClosedError(`${p}.silent`).message,
      });
    });

    it("refuses every use after close with BUS_CLOSED, and closing twice is harmless", async () => {
      const { a, p } = pair();
      expect(a.isClosed).toBe(false);
      await a.close();
      await a.close();
      // One error on both transports: code, message and subject.
      const closed = (subject?: string) => {
        const { code, message } = busClosedError(subject);
        return { code, message, ...(subject === undefined ? {} : { subject }) };
      };
      expect(
        caught(() => {
          a.publish(`${p}.x`, 1);
        }),
      ).toMatchObject(closed(`${p}.x`));
      await expect(a.request(`${p}.x`, 1, { timeoutMs: 1_000 })).rejects.toMatchObject(
        closed(`${p}.x`),
      );
      const late = collect(a.subscribe(`${p}.x`));
      await expect(late.ended()).rejects.toMatchObject(closed(`${p}.x`));
      await expect(a.keyValue("late")).rejects.toMatchObject(closed("late"));
      await expect(a.flush()).rejects.toMatchObject(closed());
      expect(caught(() => a.inbox())).toMatchObject(closed());
    });
  });
}
