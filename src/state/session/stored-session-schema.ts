import { z } from "zod";
import { parseOrThrow } from "../../errors/index.js";
import { JsonObjectSchema } from "../../message/index.js";
import { AgentStateSchema } from "../agent-state-schema.js";

/** The version of a stored session written by this release; older ones migrate on load. */
export const STORED_SESSION_VERSION = 1;

/**
 * One stored session: the agent's state (its `AgentState` JSON, spec §10) and the statechart's
 * persisted snapshot (`actor.getPersistedSnapshot()`, opaque JSON, null when none was saved), so a
 * parked reply resumes in another process. `user_id`, `agent_id`, `state`, `created_at` and
 * `updated_at` are AgentScope's `SessionRecord` names; `revision` counts the writes (the backend's
 * own sequence on NATS KV) and guards concurrent updates.
 */
export const StoredSessionSchema = z.object({
  schema_version: z.literal(STORED_SESSION_VERSION),
  user_id: z.string().min(1),
  agent_id: z.string().min(1),
  session_id: z.string().min(1),
  state: AgentStateSchema,
  snapshot: JsonObjectSchema.nullable(),
  created_at: z.string().min(1),
  updated_at: z.string().min(1),
  revision: z.number().int().nonnegative(),
});
export type StoredSession = z.output<typeof StoredSessionSchema>;

type Migration = (record: Record<string, unknown>) => Record<string, unknown>;

/**
 * Version 0 is AgentScope's own `SessionRecord` JSON (its Redis and SQL storages): the session id
 * is `id`, there is no revision and no snapshot, and the state may be a legacy one with top-level
 * `reply_id`/`cur_iter` (the state schema moves them into `reply_context`). Its other fields
 * (`config`, `source`, `team_id`, …) belong to AgentScope's app and are dropped.
 */
const fromVersion0: Migration = (record) => {
  const { id, session_id, created_at, updated_at, ...rest } = record;
  const when = typeof updated_at === "string" ? updated_at : new Date(0).toISOString();
  return {
    schema_version: 1,
    user_id: rest["user_id"],
    agent_id: rest["agent_id"],
    session_id: session_id ?? id,
    state: rest["state"] ?? {},
    snapshot: null,
    created_at: typeof created_at === "string" ? created_at : when,
    updated_at: when,
    revision: 0,
  };
};

/** `MIGRATIONS[v]` upgrades a version-`v` record to version `v + 1`. */
const MIGRATIONS: readonly Migration[] = [fromVersion0];

function versionOf(record: Record<string, unknown>): unknown {
  return record["schema_version"] ?? 0;
}

function upgrade(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  let record = value as Record<string, unknown>;
  let version = versionOf(record);
  while (typeof version === "number" && Number.isInteger(version) && version >= 0) {
    const step = MIGRATIONS[version];
    if (step === undefined) break;
    record = step(record);
    version = versionOf(record);
  }
  return record;
}

/**
 * Reads a stored session of any known version (older ones migrate; a version from the future,
 * or a record that is not a session, is a `ValidationError` naming the field).
 *
 * @example
 * const stored = migrateStoredSession(JSON.parse(text));
 * const state = AgentState.fromJSON(stored.state);
 */
export function migrateStoredSession(json: unknown): StoredSession {
  return parseOrThrow(StoredSessionSchema, safeUpgrade(json), "StoredSession");
}

/** A value that throws while it is read (a getter, a proxy) is left to the schema to report. */
function safeUpgrade(json: unknown): unknown {
  try {
    return upgrade(json);
  } catch {
    return json;
  }
}
