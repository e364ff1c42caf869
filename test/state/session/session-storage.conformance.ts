/**
 * The cases every `SessionStorage` must pass, as one `describe` block (run by
 * file-session-storage, nats-kv-session-storage and redis-session-storage tests). Only what the
 * `SessionStorage` contract promises is tested; backend layouts are each backend's own test.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ActorscopeError } from "../../../src/errors/index.js";
import { AgentState, SessionConflictError, type SessionStorage } from "../../../src/state/index.js";
import { confirmEvent, echo, makeAgent, user, yes } from "../../actors/agent/agent-fixture.js";

/** Two clients of one store (two connections: like two processes), and how to end them. */
export interface StoragePair {
  readonly a: SessionStorage;
  readonly b: SessionStorage;
  close(): Promise<void>;
}

/** Opens a fresh, empty store for one test; `now` is the clock of both clients. */
export type OpenStorage = (now: () => Date) => Promise<StoragePair>;

/** Ids no backend may trip on: paths, separators, wildcards, NUL, lone surrogates, huge. */
export const HOSTILE_IDS: readonly string[] = [
  "../",
  "../../etc/passwd",
  "..",
  ".",
  "/",
  "/abs/path",
  "a/b",
  "a\\b",
  "\u0000",
  "a\u0000b",
  "x".repeat(10_000),
  "y".repeat(161),
  "a.b",
  "*",
  ">",
  "a:b",
  " ",
  "=41",
  "A",
  "é",
  "\ud800",
  "\ufffd",
  "ключ",
  "🦊",
  "CON",
  "%2e%2e",
];

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return error instanceof ActorscopeError ? error.code : `untyped: ${String(error)}`;
  }
}

/** A clock that moves one second per reading, from 2026-01-01. */
function steppingClock(): () => Date {
  let t = Date.parse("2026-01-01T00:00:00.000Z");
  return () => new Date((t += 1000));
}

/** An agent parked on a confirmation of `echo`, its state and its persisted snapshot. */
async function parkedAgent() {
  const agent = makeAgent(
    [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
    { tools: [echo()] },
  );
  const waiting = await agent.reply(user("go"));
  expect(waiting.finished_reason).toBeNull();
  expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
  const snapshot = JSON.parse(JSON.stringify(agent.actor.getPersistedSnapshot())) as Record<
    string,
    unknown
  >;
  return { agent, snapshot };
}

export function describeSessionStorageConformance(name: string, open: OpenStorage): void {
  describe(`SessionStorage conformance: ${name}`, () => {
    let pair: StoragePair | undefined;
    afterEach(async () => {
      await pair?.close();
      pair = undefined;
    });
    const use = async () => (pair = await open(steppingClock()));

    it("a missing session is SESSION_NOT_FOUND with AgentScope's text, for get and update", async () => {
      const { a } = await use();
      const error = await a.getSession("u", "ag", "s1").catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: "SESSION_NOT_FOUND",
        message: "Session 's1' not found.",
        data: { user_id: "u", agent_id: "ag", session_id: "s1" },
      });
      expect(await code(a.updateSessionState("u", "ag", "s1", new AgentState()))).toBe(
        "SESSION_NOT_FOUND",
      );
      // Updating does not create it either.
      expect(await code(a.getSession("u", "ag", "s1"))).toBe("SESSION_NOT_FOUND");
    });

    it("§10 stores a parked HITL reply with its snapshot; a new Agent resumes from what is read back", async () => {
      const { a, b } = await use();
      const { agent, snapshot } = await parkedAgent();
      const sid = agent.state.session_id;
      const revision = await a.upsertSession("u", "Friday", sid, { state: agent.state, snapshot });
      const stored = await b.getSession("u", "Friday", sid);
      expect(stored).toMatchObject({
        schema_version: 1,
        user_id: "u",
        agent_id: "Friday",
        session_id: sid,
        revision,
        snapshot,
      });
      expect(stored.state).toEqual(agent.state.toJSON());

      const restored = makeAgent(["done"], {
        tools: [echo()],
        state: AgentState.fromJSON(stored.state),
      });
      expect(restored.actor.getSnapshot().value).toBe((stored.snapshot as { value: string }).value);
      const [call] = restored.state.getAwaitingToolCalls("Friday");
      expect(call).toMatchObject({ id: "c1", name: "echo", state: "asking" });
      const final = await restored.reply(confirmEvent(restored, [yes(call!)]));
      expect(final.getTextContent()).toBe("done");
      expect(restored.actor.getSnapshot().value).toBe("idle");

      const after = await b.updateSessionState("u", "Friday", sid, restored.state, {
        snapshot: null,
        expectedRevision: revision,
      });
      expect(after).toBeGreaterThan(revision);
      const done = await a.getSession("u", "Friday", sid);
      expect(done.snapshot).toBeNull();
      expect(AgentState.fromJSON(done.state).getAwaitingToolCalls("Friday")).toEqual([]);
    });

    it("every write returns the new revision, which getSession reports; timestamps follow the clock", async () => {
      const { a } = await use();
      const r1 = await a.upsertSession("u", "ag", "s");
      const first = await a.getSession("u", "ag", "s");
      expect(first.revision).toBe(r1);
      expect(first.state.version).toBe(2);
      expect(first.snapshot).toBeNull();
      const r2 = await a.updateSessionState("u", "ag", "s", { summary: "two" });
      const r3 = await a.upsertSession("u", "ag", "s", { snapshot: { value: "idle" } });
      expect(r1).toBeGreaterThan(0);
      expect(r2).toBeGreaterThan(r1);
      expect(r3).toBeGreaterThan(r2);
      const third = await a.getSession("u", "ag", "s");
      expect(third.revision).toBe(r3);
      // An upsert without a state keeps the stored one; an update without a snapshot keeps it.
      expect(third.state.summary).toBe("two");
      expect(third.snapshot).toEqual({ value: "idle" });
      await a.updateSessionState("u", "ag", "s", { summary: "four" });
      expect((await a.getSession("u", "ag", "s")).snapshot).toEqual({ value: "idle" });
      expect(third.created_at).toBe(first.created_at);
      expect(Date.parse(third.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
    });

    it("a stale expectedRevision is SESSION_CONFLICT and leaves the session as it was", async () => {
      const { a, b } = await use();
      const r1 = await a.upsertSession("u", "ag", "s", { state: { summary: "one" } });
      const r2 = await b.updateSessionState(
        "u",
        "ag",
        "s",
        { summary: "two" },
        {
          expectedRevision: r1,
        },
      );
      const error = await a
        .updateSessionState("u", "ag", "s", { summary: "stale" }, { expectedRevision: r1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SessionConflictError);
      expect(error).toMatchObject({
        code: "SESSION_CONFLICT",
        expectedRevision: r1,
        actualRevision: r2,
        data: { expected_revision: r1, actual_revision: r2, session_id: "s" },
      });
      expect(await code(a.upsertSession("u", "ag", "s", { expectedRevision: r1 }))).toBe(
        "SESSION_CONFLICT",
      );
      const stored = await a.getSession("u", "ag", "s");
      expect(stored.state.summary).toBe("two");
      expect(stored.revision).toBe(r2);
    });

    it("expectedRevision 0 creates only a session that does not exist yet", async () => {
      const { a, b } = await use();
      const r1 = await a.upsertSession("u", "ag", "s", { expectedRevision: 0 });
      expect(r1).toBeGreaterThan(0);
      expect(await code(b.upsertSession("u", "ag", "s", { expectedRevision: 0 }))).toBe(
        "SESSION_CONFLICT",
      );
      expect(await code(a.upsertSession("u", "ag", "s", { expectedRevision: -1 }))).toBe(
        "VALIDATION_FAILED",
      );
    });

    it("two writers racing from one revision: exactly one wins, the other gets SESSION_CONFLICT", async () => {
      const { a, b } = await use();
      let revision = await a.upsertSession("u", "ag", "race");
      for (let round = 0; round < 8; round++) {
        const outcomes = await Promise.allSettled([
          a.updateSessionState(
            "u",
            "ag",
            "race",
            { summary: `a${round}` },
            {
              expectedRevision: revision,
            },
          ),
          b.updateSessionState(
            "u",
            "ag",
            "race",
            { summary: `b${round}` },
            {
              expectedRevision: revision,
            },
          ),
        ]);
        const won = outcomes.filter((o) => o.status === "fulfilled");
        const lost = outcomes.filter((o) => o.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
          code: "SESSION_CONFLICT",
        });
        const winner = outcomes[0]?.status === "fulfilled" ? "a" : "b";
        const stored = await a.getSession("u", "ag", "race");
        expect(stored.state.summary).toBe(`${winner}${round}`);
        revision = (won[0] as PromiseFulfilledResult<number>).value;
        expect(stored.revision).toBe(revision);
      }
    });

    it("unconditional writes racing all land, each with its own revision", async () => {
      const { a, b } = await use();
      await a.upsertSession("u", "ag", "many");
      const writes = Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? a : b).updateSessionState("u", "ag", "many", { summary: `w${i}` }),
      );
      const revisions = await Promise.all(writes);
      expect(new Set(revisions).size).toBe(revisions.length);
      const stored = await a.getSession("u", "ag", "many");
      expect(stored.revision).toBe(Math.max(...revisions));
      const last = revisions.indexOf(stored.revision);
      expect(stored.state.summary).toBe(`w${last}`);
    });

    it("hostile ids (paths, NUL, separators, wildcards, 10,000 characters) are kept apart and round-trip", async () => {
      const { a, b } = await use();
      for (const [i, id] of HOSTILE_IDS.entries()) {
        await a.upsertSession(id, id, id, { state: { summary: `s${i}` } });
      }
      for (const [i, id] of HOSTILE_IDS.entries()) {
        const stored = await b.getSession(id, id, id);
        expect(stored).toMatchObject({ user_id: id, agent_id: id, session_id: id });
        expect(stored.state.summary).toBe(`s${i}`);
        const listed = await b.listSessions(id, id);
        expect(listed.map((s) => s.session_id)).toEqual([id]);
      }
      // One user and agent with every hostile session id.
      for (const id of HOSTILE_IDS) await a.upsertSession("u", "ag", id);
      const listed = await b.listSessions("u", "ag");
      expect(listed.map((s) => s.session_id).sort()).toEqual([...HOSTILE_IDS].sort());
      expect(await code(a.getSession("", "ag", "s"))).toBe("VALIDATION_FAILED");
      expect(await code(a.upsertSession("u", "ag", ""))).toBe("VALIDATION_FAILED");
    });

    it("lists the sessions of one (user, agent), newest first, and no one else's", async () => {
      const { a, b } = await use();
      await a.upsertSession("u", "ag", "first");
      await b.upsertSession("u", "ag", "second");
      await a.upsertSession("u", "other", "not-mine");
      await a.upsertSession("v", "ag", "not-mine-either");
      await a.updateSessionState("u", "ag", "first", { summary: "updated later" });
      const listed = await b.listSessions("u", "ag");
      expect(listed.map((s) => s.session_id)).toEqual(["second", "first"]);
      expect(listed[1]?.state.summary).toBe("updated later");
      await expect(a.listSessions("nobody", "ag")).resolves.toEqual([]);
    });

    it("deletes a session (true once, then false); it can be created again", async () => {
      const { a, b } = await use();
      await a.upsertSession("u", "ag", "gone", { state: { summary: "old" } });
      await a.upsertSession("u", "ag", "kept");
      await expect(b.deleteSession("u", "ag", "gone")).resolves.toBe(true);
      await expect(a.deleteSession("u", "ag", "gone")).resolves.toBe(false);
      expect(await code(a.getSession("u", "ag", "gone"))).toBe("SESSION_NOT_FOUND");
      expect(await code(a.updateSessionState("u", "ag", "gone", {}))).toBe("SESSION_NOT_FOUND");
      expect((await a.listSessions("u", "ag")).map((s) => s.session_id)).toEqual(["kept"]);
      const again = await b.upsertSession("u", "ag", "gone", { expectedRevision: 0 });
      const stored = await a.getSession("u", "ag", "gone");
      expect(stored.revision).toBe(again);
      expect(stored.state.summary).toBe("");
    });

    it("refuses a state or snapshot that is not valid data, before writing", async () => {
      const { a } = await use();
      expect(
        await code(
          a.upsertSession("u", "ag", "s", { state: { context: [{ role: "x" }] } as never }),
        ),
      ).toBe("VALIDATION_FAILED");
      const cyclic: Record<string, unknown> = {};
      cyclic["self"] = cyclic;
      expect(await code(a.upsertSession("u", "ag", "s", { snapshot: cyclic }))).toBe(
        "VALIDATION_FAILED",
      );
      expect(await code(a.getSession("u", "ag", "s"))).toBe("SESSION_NOT_FOUND");
    });
  });
}
