import { describe, expect, it } from "vitest";
import { newId, now, setIdentitySource } from "../../src/message/index.js";

describe("identity sources", () => {
  it("does mint distinct 32-char hex ids by default", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 100_000; i++) ids.add(newId());
    expect(ids.size).toBe(100_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("does give ISO-8601 timestamps that never go backwards", () => {
    let previous = now();
    expect(new Date(previous).toISOString()).toBe(previous);
    for (let i = 0; i < 10_000; i++) {
      const next = now();
      expect(next >= previous).toBe(true);
      previous = next;
    }
  });

  it("does swap the sources and restore the previous ones", () => {
    let n = 0;
    const restore = setIdentitySource({
      newId: () => `id-${++n}`,
      now: () => "2026-01-01T00:00:00.000Z",
    });
    expect([newId(), newId(), now()]).toEqual(["id-1", "id-2", "2026-01-01T00:00:00.000Z"]);
    restore();
    expect(newId()).toMatch(/^[0-9a-f]{32}$/);
    expect(now()).not.toBe("2026-01-01T00:00:00.000Z");
  });
});
