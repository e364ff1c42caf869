import { describe, expect, it } from "vitest";
import {
  AgentState,
  STORED_SESSION_VERSION,
  migrateStoredSession,
} from "../../../src/state/index.js";
import { checkEntryPoint, jsonFixtures } from "../../harness/hostile-json.js";
import { MSG_FIXTURES } from "../../harness/wire-fixtures.js";

const CURRENT = {
  schema_version: 1,
  user_id: "u",
  agent_id: "Friday",
  session_id: "s1",
  state: new AgentState({ session_id: "s1", summary: "earlier" }).toJSON(),
  snapshot: { status: "active", value: "awaiting-confirm", context: { name: "Friday" } },
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:01.000Z",
  revision: 3,
};

/**
 * Version 0: a record as AgentScope's own storages write a `SessionRecord` (the session id as
 * `id`, no revision, no snapshot, naive timestamps, app fields), with a legacy state that keeps
 * `reply_id`/`cur_iter` at the top level (spec §10).
 */
const VERSION_0 = {
  id: "s0",
  user_id: "u",
  agent_id: "Friday",
  source: "user",
  source_schedule_id: null,
  team_id: null,
  config: { workspace_id: "w", name: "2026-01-01 00:00:00", cwd: null },
  state: {
    session_id: "s0",
    summary: "",
    context: [],
    reply_id: "r-legacy",
    cur_iter: 2,
    reply_context: { structured_output: { a: 1 } },
  },
  created_at: "2025-12-31T23:59:59.123456",
  updated_at: "2026-01-01T00:00:00.654321",
};

describe("StoredSessionSchema and migrateStoredSession", () => {
  it("reads the current version as it is", () => {
    const stored = migrateStoredSession(structuredClone(CURRENT));
    expect(stored).toEqual({ ...CURRENT, state: CURRENT.state });
    expect(STORED_SESSION_VERSION).toBe(1);
  });

  it("§10 migrates a version-0 record (AgentScope's SessionRecord, legacy state) to version 1", () => {
    const stored = migrateStoredSession(structuredClone(VERSION_0));
    expect(stored).toMatchObject({
      schema_version: 1,
      user_id: "u",
      agent_id: "Friday",
      session_id: "s0",
      snapshot: null,
      created_at: "2025-12-31T23:59:59.123456",
      updated_at: "2026-01-01T00:00:00.654321",
      revision: 0,
    });
    // Top-level reply_id/cur_iter move into reply_context; its own keys win.
    expect(stored.state.reply_context).toMatchObject({
      reply_id: "r-legacy",
      cur_iter: 2,
      structured_output: { a: 1 },
    });
    expect(stored.state).not.toHaveProperty("reply_id");
    expect(stored).not.toHaveProperty("config");
    expect(AgentState.fromJSON(stored.state).curIter).toBe(2);
  });

  it("refuses a version from the future and a record that is not a session, typed", () => {
    expect(() => migrateStoredSession({ ...CURRENT, schema_version: 2 })).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
    expect(() => migrateStoredSession({ ...CURRENT, revision: -1 })).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
    expect(() => migrateStoredSession("not a record")).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    );
  });
});

// Property: random and mutated JSON (current and version-0 records, a state full of messages)
// gives a typed error or a stored session that survives its own round trip.
describe("migrateStoredSession under random and mutated JSON (property)", () => {
  it("gives a typed error or a record that round-trips", () => {
    const full = {
      ...CURRENT,
      state: { ...CURRENT.state, context: MSG_FIXTURES.map((make) => make()) },
    };
    checkEntryPoint(jsonFixtures(CURRENT, VERSION_0, full), migrateStoredSession, (s) => s);
  });
});
