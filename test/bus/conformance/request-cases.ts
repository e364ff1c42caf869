import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BusError } from "../../../src/bus/index.js";
import {
  ActorscopeError,
  TimeoutError,
  ValidationError,
  AbortedError,
} from "../../../src/errors/index.js";
import { collect, usePair, type OpenBusPair } from "./collect.js";

/** Request/reply: replies, streams of replies, every way a wait ends, typed errors. */
export function requestCases(open: OpenBusPair): void {
  describe("request/reply", () => {
    const pair = usePair(open);

    it("resolves a request with the responder's reply", async () => {
      const { a, b, p } = pair();
      a.subscribe<{ n: number }>(`${p}.echo`).subscribe((m) => {
        m.respond?.({ doubled: m.data.n * 2, replyTo: typeof m.replyTo });
      });
      await a.flush();
      await expect(b.request(`${p}.echo`, { n: 21 }, { timeoutMs: 10_000 })).resolves.toEqual({
        doubled: 42,
        replyTo: "string",
      });
    });

    it("carries request headers to the responder and reply headers back to an inbox", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.h`).subscribe((m) => {
        m.respond?.(m.headers?.["as-trace"], { headers: { "as-seq": "1" } });
      });
      await a.flush();
      await expect(
        b.request(`${p}.h`, null, { timeoutMs: 10_000, headers: { "as-trace": "t1" } }),
      ).resolves.toBe("t1");
      const inbox = b.inbox();
      const replies = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.h`, null, { replyTo: inbox, headers: { "as-trace": "t2" } });
      const [reply] = await replies.until(1);
      expect(reply?.data).toBe("t2");
      expect(reply?.headers?.["as-seq"]).toBe("1");
    });

    it("streams several replies to an inbox in order, error reply last", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.tool.t.call`).subscribe((m) => {
        for (let seq = 0; seq < 5; seq++) m.respond?.({ seq });
        m.respondError?.(new ActorscopeError("TOOL_FAILED", "the tool broke", { data: { at: 5 } }));
      });
      await a.flush();
      const inbox = b.inbox();
      expect(inbox).not.toBe(b.inbox());
      const replies = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.tool.t.call`, { input: 1 }, { replyTo: inbox });
      const got = await replies.until(6);
      expect(got.slice(0, 5).map((m) => m.data)).toEqual([0, 1, 2, 3, 4].map((seq) => ({ seq })));
      expect(got.slice(0, 5).every((m) => m.error === undefined)).toBe(true);
      const last = got[5];
      expect(last?.data).toBeUndefined();
      expect(last?.error).toEqual({
        code: "TOOL_FAILED",
        message: "the tool broke",
        data: { at: 5 },
      });
    });

    it("rejects with TIMEOUT naming the subject when nobody answers in time", async () => {
      const { a, b, p } = pair();
      const silent = collect(a.subscribe(`${p}.silent`));
      await a.flush();
      const error = await b.request(`${p}.silent`, 1, { timeoutMs: 50 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ code: "TIMEOUT", timeoutMs: 50 });
      expect((error as TimeoutError).what).toContain(`${p}.silent`);
      await silent.until(1);
    });

    it("rejects with NO_RESPONDERS when no subscription matches", async () => {
      const { b, p } = pair();
      const error = await b
        .request(`${p}.nobody`, 1, { timeoutMs: 10_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BusError);
      expect(error).toMatchObject({ code: "NO_RESPONDERS", subject: `${p}.nobody` });
    });

    it("answers a publish with a reply subject that reaches nobody with a NO_RESPONDERS error message", async () => {
      const { b, p } = pair();
      const inbox = b.inbox();
      const got = collect(b.subscribe(inbox));
      await b.flush();
      b.publish(`${p}.nobody.home`, 1, { replyTo: inbox });
      const [message] = await got.until(1);
      expect(message?.data).toBeUndefined();
      expect(message?.error).toMatchObject({ code: "NO_RESPONDERS" });
    });

    it("rejects with ABORTED when the signal fires, or has already fired", async () => {
      const { a, b, p } = pair();
      const silent = collect(a.subscribe(`${p}.silent`));
      await a.flush();
      const controller = new AbortController();
      const pending = b.request(`${p}.silent`, 1, {
        timeoutMs: 10_000,
        signal: controller.signal,
      });
      await silent.until(1);
      controller.abort(new Error("user pressed escape"));
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ code: "ABORTED" });
      const early = await b
        .request(`${p}.silent`, 1, { timeoutMs: 10_000, signal: AbortSignal.abort() })
        .catch((e: unknown) => e);
      expect(early).toMatchObject({ code: "ABORTED" });
    });

    it("rejects with the responder's typed error, code and data intact", async () => {
      const { a, b, p } = pair();
      a.subscribe<string>(`${p}.fail`).subscribe((m) => {
        if (m.data === "custom") {
          m.respondError?.(
            new ActorscopeError("PERMISSION_DENIED", "Bash is denied", {
              data: { tool: "Bash", rule: { content: "rm *" }, n: 3 },
            }),
          );
        } else if (m.data === "validation") {
          m.respondError?.(
            new ValidationError("tool input", [{ path: "cmd", message: "Required" }]),
          );
        } else if (m.data === "timeout") m.respondError?.(new TimeoutError("the model", 250));
        else m.respondError?.(new Error("plain failure"));
      });
      await a.flush();
      const ask = (what: string): Promise<unknown> =>
        b.request(`${p}.fail`, what, { timeoutMs: 10_000 }).catch((e: unknown) => e);
      const custom = await ask("custom");
      expect(custom).toBeInstanceOf(ActorscopeError);
      expect(custom).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "Bash is denied",
        data: { tool: "Bash", rule: { content: "rm *" }, n: 3 },
      });
      const validation = await ask("validation");
      expect(validation).toBeInstanceOf(ValidationError);
      expect((validation as ValidationError).issues).toEqual([
        { path: "cmd", message: "Required" },
      ]);
      expect(await ask("timeout")).toBeInstanceOf(TimeoutError);
      expect(await ask("plain")).toMatchObject({ code: "INTERNAL", message: "plain failure" });
    });

    it("resolves with the first reply when a responder answers several times", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.many`).subscribe((m) => {
        m.respond?.("first");
        m.respond?.("second");
      });
      await a.flush();
      await expect(b.request(`${p}.many`, 0, { timeoutMs: 10_000 })).resolves.toBe("first");
      // The late reply finds no inbox and goes nowhere; the bus keeps working.
      await expect(b.request(`${p}.many`, 0, { timeoutMs: 10_000 })).resolves.toBe("first");
    });

    it("validates the reply with the request's schema", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.r`).subscribe((m) => {
        m.respond?.(m.data === "good" ? { ok: true } : { ok: "yes" });
      });
      await a.flush();
      const schema = z.object({ ok: z.boolean(), note: z.string().default("none") });
      await expect(b.request(`${p}.r`, "good", { timeoutMs: 10_000, schema })).resolves.toEqual({
        ok: true,
        note: "none",
      });
      const error = await b
        .request(`${p}.r`, "bad", { timeoutMs: 10_000, schema })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["ok"]);
    });

    it("refuses an unbounded or negative timeout with VALIDATION_FAILED", async () => {
      const { a, b, p } = pair();
      a.subscribe(`${p}.t`).subscribe((m) => {
        m.respond?.(1);
      });
      await a.flush();
      for (const timeoutMs of [Number.POSITIVE_INFINITY, -1, Number.NaN]) {
        await expect(b.request(`${p}.t`, 0, { timeoutMs })).rejects.toMatchObject({
          code: "VALIDATION_FAILED",
        });
      }
    });
  });
}
