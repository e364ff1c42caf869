import type { AgentState } from "../agent-state.js";
import type { AgentStateInput } from "../agent-state-schema.js";
import type { StoredSession } from "./stored-session-schema.js";

/** A state to store: an `AgentState`, or its JSON (validated before it is written). */
export type SessionStateInput = AgentState | AgentStateInput;

/** What `upsertSession` writes. */
export interface UpsertSessionOptions {
  /** The state (default: the stored one when the session exists, else a fresh `AgentState`). */
  readonly state?: SessionStateInput;
  /** The statechart's persisted snapshot (default: the stored one, else null); null clears it. */
  readonly snapshot?: Record<string, unknown> | null;
  /**
   * Write only if the session is still at this revision (0: only if it does not exist yet);
   * otherwise `SESSION_CONFLICT`. Absent: write whatever is stored.
   */
  readonly expectedRevision?: number;
}

/** What `updateSessionState` writes besides the state. */
export interface UpdateSessionStateOptions {
  /** The statechart's persisted snapshot (default: keep the stored one); null clears it. */
  readonly snapshot?: Record<string, unknown> | null;
  /** Write only if the session is still at this revision, otherwise `SESSION_CONFLICT`. */
  readonly expectedRevision?: number;
}

/**
 * Durable sessions, addressed by (user, agent, session) ids as AgentScope's storage does: an
 * agent's `AgentState` plus its statechart snapshot, so a parked or crashed agent comes back in
 * another process. Every write returns the session's new revision; a writer that passes the
 * revision it read (`expectedRevision`) never overwrites someone else's write silently, it gets
 * `SESSION_CONFLICT` instead.
 *
 * @example
 * const storage = new FileSessionStorage("./sessions");
 * let revision = await storage.upsertSession("u1", "a1", agent.state.session_id, { state: agent.state });
 * // … after the next reply:
 * revision = await storage.updateSessionState("u1", "a1", agent.state.session_id, agent.state, {
 *   expectedRevision: revision,
 * });
 * const stored = await storage.getSession("u1", "a1", agent.state.session_id);
 * const restored = AgentState.fromJSON(stored.state);
 */
export interface SessionStorage {
  /** The stored session; `SESSION_NOT_FOUND` ("Session 'id' not found.") when there is none. */
  getSession(userId: string, agentId: string, sessionId: string): Promise<StoredSession>;
  /** Creates the session, or replaces what `options` gives of an existing one. */
  upsertSession(
    userId: string,
    agentId: string,
    sessionId: string,
    options?: UpsertSessionOptions,
  ): Promise<number>;
  /** Replaces the state of an existing session (the hot path); `SESSION_NOT_FOUND` when missing. */
  updateSessionState(
    userId: string,
    agentId: string,
    sessionId: string,
    state: SessionStateInput,
    options?: UpdateSessionStateOptions,
  ): Promise<number>;
  /** Deletes the session: true if it existed. */
  deleteSession(userId: string, agentId: string, sessionId: string): Promise<boolean>;
  /** Every session of a (user, agent), newest first (by `created_at`, as AgentScope lists them). */
  listSessions(userId: string, agentId: string): Promise<StoredSession[]>;
  /** Releases what the storage holds open (a connection it made); the storage is unusable after. */
  close(): Promise<void>;
}
