import { ActorscopeError, type ErrorData } from "../../errors/index.js";

/** The session storages' own error codes (validation uses the shared `VALIDATION_FAILED`). */
export const SessionErrorCode = {
  /** No session is stored under the (user, agent, session) ids. */
  SESSION_NOT_FOUND: "SESSION_NOT_FOUND",
  /** The session changed since the revision the writer read: its write was refused. */
  SESSION_CONFLICT: "SESSION_CONFLICT",
  /** The backend failed (I/O, connection, a stored record that is not a session). */
  SESSION_STORAGE: "SESSION_STORAGE",
} as const;
export type SessionErrorCode = (typeof SessionErrorCode)[keyof typeof SessionErrorCode];

/** The ids that address one stored session. */
export interface SessionIds {
  readonly userId: string;
  readonly agentId: string;
  readonly sessionId: string;
}

/** A session storage failure, naming the session it concerns. */
export class SessionError extends ActorscopeError {
  readonly userId: string;
  readonly agentId: string;
  readonly sessionId: string;

  constructor(
    code: SessionErrorCode,
    message: string,
    ids: SessionIds,
    options: { cause?: unknown; data?: ErrorData } = {},
  ) {
    super(code, message, {
      cause: options.cause,
      data: {
        ...options.data,
        user_id: ids.userId,
        agent_id: ids.agentId,
        session_id: ids.sessionId,
      },
    });
    this.userId = ids.userId;
    this.agentId = ids.agentId;
    this.sessionId = ids.sessionId;
  }
}

/**
 * A revision conflict: `expectedRevision` is what the writer read (null: an unconditional write
 * that kept losing races), `actualRevision` what the store held (0: no session), when known.
 */
export class SessionConflictError extends SessionError {
  readonly expectedRevision: number | null;
  readonly actualRevision: number | null;

  constructor(ids: SessionIds, expectedRevision: number | null, actualRevision: number | null) {
    const held =
      actualRevision === null ? "it changed meanwhile" : `it is at revision ${actualRevision}`;
    const wanted = expectedRevision === null ? "" : ` expected revision ${expectedRevision}, but`;
    super(
      SessionErrorCode.SESSION_CONFLICT,
      `Session ${pyRepr(ids.sessionId)} was written by someone else:${wanted} ${held}. ` +
        "Read it again (getSession) and retry.",
      ids,
      { data: { expected_revision: expectedRevision, actual_revision: actualRevision } },
    );
    this.expectedRevision = expectedRevision;
    this.actualRevision = actualRevision;
  }
}

/**
 * `SESSION_NOT_FOUND` with AgentScope's text (`KeyError(f"Session {session_id!r} not found.")` of
 * its `update_session_state`), so logs read the same.
 */
export function sessionNotFound(ids: SessionIds): SessionError {
  return new SessionError(
    SessionErrorCode.SESSION_NOT_FOUND,
    `Session ${pyRepr(ids.sessionId)} not found.`,
    ids,
  );
}

/** `SESSION_STORAGE`: the backend failed while `doing` something to the session. */
export function sessionStorageError(ids: SessionIds, doing: string, cause: unknown): SessionError {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new SessionError(
    SessionErrorCode.SESSION_STORAGE,
    `Could not ${doing} session ${pyRepr(ids.sessionId)}: ${why}`,
    ids,
    { cause },
  );
}

/** A string as Python's `repr` shows it (single quotes unless the text holds one and no double). */
function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  // Code points, as Python iterates a str (grapheme clusters do not matter to repr).
  const escaped = Array.from(text)
    .map((ch) => {
      if (ch === "\\") return "\\\\";
      if (ch === quote) return `\\${quote}`;
      if (ch === "\n") return "\\n";
      if (ch === "\r") return "\\r";
      if (ch === "\t") return "\\t";
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, "0")}`;
      return ch;
    })
    .join("");
  return `${quote}${escaped}${quote}`;
}
