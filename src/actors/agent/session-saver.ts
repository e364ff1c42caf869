import type { Actor } from "xstate";
import { ValidationError, getLogger } from "../../errors/index.js";
import type { AgentMachine } from "../../machines/index.js";
import type { ReplyRun } from "./reply-run.js";
import type { AgentState, AgentStateInput, SessionStorage } from "../../state/index.js";

/**
 * Where an agent keeps its session: it saves its state (and its statechart's persisted snapshot)
 * there at every park and every reply end, before the reply's caller gets the final message, so
 * a process that dies while the agent waits for a confirmation loses nothing.
 */
export interface AgentSessionOptions {
  readonly storage: SessionStorage;
  readonly userId: string;
  /** The session's id (default: the state's `session_id`; a new state takes this one). */
  readonly sessionId?: string | undefined;
  /**
   * The revision the agent's state was read at (`Agent.fromSession` sets it). Absent: the
   * session must not exist yet; the first save creates it (an existing one is `SESSION_CONFLICT`).
   */
  readonly revision?: number | undefined;
}

/**
 * The saver of an agent built with `options.session`: the session is the given id, or the
 * state's `session_id` (a new state takes the given id; a given state must already have it).
 */
export function sessionSaver(
  options: { readonly session?: AgentSessionOptions | undefined; readonly state?: unknown },
  agentId: string,
  state: AgentState,
): SessionSaver {
  const session = options.session as AgentSessionOptions;
  const sessionId = session.sessionId ?? state.session_id;
  if (state.session_id !== sessionId) {
    if (options.state !== undefined) {
      throw new ValidationError("Agent options", [
        {
          path: "session.sessionId",
          message: `The state is of session '${state.session_id}', not '${sessionId}'`,
        },
      ]);
    }
    state.session_id = sessionId;
  }
  return new SessionSaver(session, agentId, sessionId);
}

/**
 * Saves the agent at its run's end (`run.saved`, which the driver awaits before the caller gets
 * the final message). A failed save reaches that caller, unless none will hear of it (the run
 * was abandoned, or failed by itself): then it is logged.
 */
export function checkpointRun(
  host: { readonly name: string; checkpoint(): Promise<number> | null },
  run: ReplyRun,
  failed: boolean,
): void {
  const saved = (run.saved = host.checkpoint());
  saved?.catch((error: unknown) => {
    if (run.abandoned || failed)
      getLogger().error(`agent '${host.name}': saving its session failed`, {
        error: String(error),
      });
  });
}

/** What a save reads of the agent. */
export interface SavedAgent {
  readonly state: AgentState;
  readonly actor: Actor<AgentMachine>;
}

/**
 * Writes an agent's checkpoints to its session storage, one after another, each carrying the
 * revision the last one produced: a second writer of the same session (another process resumed
 * it) makes the next save fail with `SESSION_CONFLICT` instead of being overwritten silently.
 */
export class SessionSaver {
  readonly storage: SessionStorage;
  readonly userId: string;
  readonly agentId: string;
  readonly sessionId: string;
  #revision: number;
  /** The last write (the next one waits for it: revisions chain). */
  #last: Promise<unknown> = Promise.resolve();

  constructor(options: AgentSessionOptions, agentId: string, sessionId: string) {
    this.storage = options.storage;
    this.userId = options.userId;
    this.agentId = agentId;
    this.sessionId = sessionId;
    this.#revision = options.revision ?? 0;
  }

  /** The revision of the last save (or of the state the agent was loaded from). */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Saves the agent as it is now. The state is copied at once (the next reply may change it
   * before the write runs); the statechart's snapshot is read once the transition that called
   * this is over (during it, XState still holds the previous one). Resolves with the new revision.
   */
  checkpoint(agent: SavedAgent): Promise<number> {
    const state = JSON.parse(JSON.stringify(agent.state)) as AgentStateInput;
    const snapshot = new Promise<Record<string, unknown>>((resolve) => {
      queueMicrotask(() => {
        resolve(
          JSON.parse(JSON.stringify(agent.actor.getPersistedSnapshot())) as Record<string, unknown>,
        );
      });
    });
    const write = this.#last.then(
      () => this.#write(state, snapshot),
      () => this.#write(state, snapshot),
    );
    this.#last = write;
    return write;
  }

  async #write(
    state: AgentStateInput,
    snapshot: Promise<Record<string, unknown>>,
  ): Promise<number> {
    const revision = await this.storage.upsertSession(this.userId, this.agentId, this.sessionId, {
      state,
      snapshot: await snapshot,
      expectedRevision: this.#revision,
    });
    this.#revision = revision;
    return revision;
  }
}
