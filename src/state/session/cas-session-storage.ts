import { ActorscopeError, ValidationError, parseOrThrow } from "../../errors/index.js";
import { JsonObjectSchema } from "../../message/index.js";
import { AgentState } from "../agent-state.js";
import { AgentStateSchema, type AgentStateData } from "../agent-state-schema.js";
import {
  SessionConflictError,
  sessionNotFound,
  sessionStorageError,
  type SessionIds,
} from "./session-error.js";
import { encodeIdToken } from "./session-id-token.js";
import type {
  SessionStateInput,
  SessionStorage,
  UpdateSessionStateOptions,
  UpsertSessionOptions,
} from "./session-storage.js";
import { STORED_SESSION_VERSION, type StoredSession } from "./stored-session-schema.js";

/**
 * What a backend holds under one session's key: the record (undefined when there is none) and
 * the backend's token for a compare-and-set on the key (its revision; for an absent key, 0 or
 * whatever the backend needs to create it, e.g. the revision of a NATS KV delete marker).
 */
export interface SessionSlot {
  readonly record: StoredSession | undefined;
  readonly token: number;
}

/** Unconditional writes that keep losing races give up after this many tries (conflict). */
const MAX_ATTEMPTS = 64;

/**
 * The semantics every session storage shares — not-found, merge on upsert, revision checks,
 * retries of unconditional writes — written once over a backend's compare-and-set on one key.
 * A backend gives `readSlot`, `writeSlot` (write only if the key still holds `token`), `removeSlot`
 * and `listRecords`; it never decides a conflict itself.
 */
export abstract class CasSessionStorage implements SessionStorage {
  readonly #now: () => Date;

  protected constructor(options: { now?: () => Date } = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  /** The slot under `ids` (a backend reads `revision` from the key's own sequence if it has one). */
  protected abstract readSlot(ids: SessionIds): Promise<SessionSlot>;
  /** Writes `record` if the key still holds `token`: the new revision, or undefined if it changed. */
  protected abstract writeSlot(
    ids: SessionIds,
    record: StoredSession,
    token: number,
  ): Promise<number | undefined>;
  /** Deletes the key: true if a session was there. */
  protected abstract removeSlot(ids: SessionIds): Promise<boolean>;
  /** Every record of a (user, agent), in any order. */
  protected abstract listRecords(userId: string, agentId: string): Promise<StoredSession[]>;
  abstract close(): Promise<void>;

  async getSession(userId: string, agentId: string, sessionId: string): Promise<StoredSession> {
    const ids = checkIds(userId, agentId, sessionId);
    const slot = await this.#backend(ids, "read", () => this.readSlot(ids));
    if (slot.record === undefined) throw sessionNotFound(ids);
    return slot.record;
  }

  async upsertSession(
    userId: string,
    agentId: string,
    sessionId: string,
    options: UpsertSessionOptions = {},
  ): Promise<number> {
    const ids = checkIds(userId, agentId, sessionId);
    const state = options.state === undefined ? undefined : stateData(options.state);
    const snapshot = snapshotData(options.snapshot);
    return this.#write(ids, options.expectedRevision, false, (current) => ({
      state: state ?? current?.state ?? new AgentState().toJSON(),
      snapshot: snapshot === undefined ? (current?.snapshot ?? null) : snapshot,
    }));
  }

  async updateSessionState(
    userId: string,
    agentId: string,
    sessionId: string,
    state: SessionStateInput,
    options: UpdateSessionStateOptions = {},
  ): Promise<number> {
    const ids = checkIds(userId, agentId, sessionId);
    const data = stateData(state);
    const snapshot = snapshotData(options.snapshot);
    return this.#write(ids, options.expectedRevision, true, (current) => ({
      state: data,
      snapshot: snapshot === undefined ? (current?.snapshot ?? null) : snapshot,
    }));
  }

  async deleteSession(userId: string, agentId: string, sessionId: string): Promise<boolean> {
    const ids = checkIds(userId, agentId, sessionId);
    return this.#backend(ids, "delete", () => this.removeSlot(ids));
  }

  async listSessions(userId: string, agentId: string): Promise<StoredSession[]> {
    const ids = checkIds(userId, agentId, "*");
    const records = await this.#backend(ids, "list", () => this.listRecords(userId, agentId));
    return records.sort((a, b) =>
      a.created_at === b.created_at
        ? a.session_id.localeCompare(b.session_id)
        : b.created_at.localeCompare(a.created_at),
    );
  }

  /** Read, check the revision, build, compare-and-set; unconditional writes retry lost races. */
  async #write(
    ids: SessionIds,
    expected: number | undefined,
    mustExist: boolean,
    build: (current: StoredSession | undefined) => Pick<StoredSession, "state" | "snapshot">,
  ): Promise<number> {
    if (expected !== undefined && (!Number.isInteger(expected) || expected < 0)) {
      throw new ValidationError("expectedRevision", [
        { path: "", message: `Expected a non-negative integer, got ${String(expected)}` },
      ]);
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const slot = await this.#backend(ids, "read", () => this.readSlot(ids));
      const current = slot.record;
      if (current === undefined && mustExist) throw sessionNotFound(ids);
      const actual = current?.revision ?? 0;
      if (expected !== undefined && expected !== actual) {
        throw new SessionConflictError(ids, expected, actual);
      }
      const at = this.#now().toISOString();
      const record: StoredSession = {
        schema_version: STORED_SESSION_VERSION,
        user_id: ids.userId,
        agent_id: ids.agentId,
        session_id: ids.sessionId,
        ...build(current),
        created_at: current?.created_at ?? at,
        updated_at: at,
        revision: actual + 1,
      };
      const written = await this.#backend(ids, "write", () =>
        this.writeSlot(ids, record, slot.token),
      );
      if (written !== undefined) return written;
      if (expected !== undefined) throw new SessionConflictError(ids, expected, null);
    }
    throw new SessionConflictError(ids, null, null);
  }

  /** Runs a backend step; a failure without a code becomes `SESSION_STORAGE`. */
  async #backend<T>(ids: SessionIds, doing: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ActorscopeError) throw error;
      throw sessionStorageError(ids, doing, error);
    }
  }
}

function checkIds(userId: string, agentId: string, sessionId: string): SessionIds {
  encodeIdToken(userId, "user id");
  encodeIdToken(agentId, "agent id");
  encodeIdToken(sessionId, "session id");
  return { userId, agentId, sessionId };
}

function stateData(state: SessionStateInput): AgentStateData {
  if (state instanceof AgentState) return state.toJSON();
  return parseOrThrow(AgentStateSchema, state, "AgentState");
}

function snapshotData(
  snapshot: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null | undefined {
  if (snapshot === undefined || snapshot === null) return snapshot;
  return parseOrThrow(JsonObjectSchema, snapshot, "snapshot");
}
