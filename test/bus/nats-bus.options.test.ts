import { describe, expect, it } from "vitest";
import { NatsBus } from "../../src/bus/index.js";
import { ReconnectBackoff } from "../../src/bus/nats-backoff.js";
import { parseNatsBusOptions } from "../../src/bus/nats-options.js";
import { ValidationError } from "../../src/errors/index.js";
import { freePort } from "../harness/free-port.js";

describe("NatsBus options", () => {
  it("fills in defaults: local server, unlimited reconnects with backoff, msgpack", () => {
    const o = parseNatsBusOptions({});
    expect(o.servers).toBe("nats://127.0.0.1:4222");
    expect(o.reconnect).toBeUndefined();
    expect(o.codec).toBeUndefined();
    expect(parseNatsBusOptions({ reconnect: {} }).reconnect).toEqual({
      maxAttempts: -1,
      initialDelayMs: 100,
      maxDelayMs: 5_000,
      jitter: 0.2,
    });
  });

  it("refuses an unknown key, naming the nearest known one", () => {
    expect(() => parseNatsBusOptions({ sevrers: "x" })).toThrow(/did you mean "servers"/);
    expect(() => parseNatsBusOptions({ tls: { caFiel: "x" } })).toThrow(ValidationError);
    expect(() => parseNatsBusOptions({ reconnect: { maxAttempt: 1 } })).toThrow(ValidationError);
  });

  it("refuses conflicting credentials", () => {
    expect(() => parseNatsBusOptions({ pass: "p" })).toThrow(/needs `user`/);
    expect(() => parseNatsBusOptions({ user: "u", pass: "p", token: "t" })).toThrow(/either/);
    expect(() => parseNatsBusOptions({ nkeySeed: "S", creds: "c" })).toThrow(/only one/);
  });

  it("refuses a codec it does not know", () => {
    expect(() => parseNatsBusOptions({ codec: "cbor" })).toThrow(ValidationError);
  });

  it("fails to connect with BUS_CONNECTION naming the URL and what to do", async () => {
    const url = `nats://127.0.0.1:${await freePort()}`;
    const error = await NatsBus.connect({ servers: url, reconnect: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BUS_CONNECTION" });
    expect((error as Error).message).toContain(url);
    expect((error as Error).message).toMatch(/connection refused.*nats-server/);
  });

  it("fails with BUS_CONNECTION when the creds file cannot be read", async () => {
    await expect(
      NatsBus.connect({ credsFile: "/nonexistent/actorscope.creds" }),
    ).rejects.toMatchObject({ code: "BUS_CONNECTION" });
  });
});

describe("ReconnectBackoff", () => {
  /**
   * Plays nats.js's dial loop (protocol.ts `dodialLoop`): ask the handler, dial when
   * `lastAttempt + wait <= now`, else sleep `lastAttempt + wait - now` and ask again.
   */
  function attempts(backoff: ReconnectBackoff, clock: { now: number }, count: number): number[] {
    const at: number[] = [];
    let last = -Infinity;
    while (at.length < count) {
      const wait = backoff.delay();
      if (last + wait <= clock.now) {
        last = clock.now;
        at.push(clock.now);
      } else {
        clock.now = last + wait;
      }
    }
    return at;
  }

  it("spaces attempts exponentially up to the cap, as nats.js's loop asks", () => {
    const clock = { now: 0 };
    const options = { maxAttempts: -1, initialDelayMs: 100, maxDelayMs: 1_000, jitter: 0 };
    const at = attempts(
      new ReconnectBackoff(
        options,
        () => clock.now,
        () => 0,
      ),
      clock,
      8,
    );
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    expect(gaps).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it("keeps every attempt reachable with the largest jitter", () => {
    const clock = { now: 0 };
    const options = { maxAttempts: -1, initialDelayMs: 100, maxDelayMs: 2_000, jitter: 0.5 };
    const at = attempts(
      new ReconnectBackoff(
        options,
        () => clock.now,
        () => 0.999,
      ),
      clock,
      12,
    );
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(3_000);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(2_000);
  });

  it("starts again from the initial delay after a reconnect", () => {
    const clock = { now: 0 };
    const options = { maxAttempts: -1, initialDelayMs: 100, maxDelayMs: 1_000, jitter: 0 };
    const backoff = new ReconnectBackoff(
      options,
      () => clock.now,
      () => 0,
    );
    attempts(backoff, clock, 6);
    backoff.reset();
    expect(backoff.delay()).toBe(100);
  });
});
