import { connect, type KV, type NatsConnection } from "nats";
import { CasSessionStorage, type SessionSlot } from "./cas-session-storage.js";
import { SessionError, SessionErrorCode, type SessionIds } from "./session-error.js";
import { encodeIdToken } from "./session-id-token.js";
import { migrateStoredSession, type StoredSession } from "./stored-session-schema.js";

/** JetStream's "wrong last sequence": the key moved on since the revision the write expected. */
const WRONG_LAST_SEQUENCE = 10071;
const DEFAULT_BUCKET = "actorscope_sessions";

/** Options of {@link NatsKvSessionStorage.connect}. */
export interface NatsKvSessionStorageOptions {
  /** A connection to use (left open by `close()`); else one is made to `servers`. */
  readonly connection?: NatsConnection;
  /** Where to connect when no `connection` is given (default `nats://127.0.0.1:4222`). */
  readonly servers?: string | string[];
  /** The KV bucket (default `actorscope_sessions`), created when missing. */
  readonly bucket?: string;
  /** The clock of `created_at`/`updated_at` (default: the system clock). */
  readonly now?: () => Date;
}

/**
 * Sessions in a JetStream key-value bucket, for many processes on many machines: one key per
 * session, `<user>.<agent>.<session>` (each id encoded into KV's alphabet by `encodeIdToken`),
 * the stored session's JSON as the value. A session's `revision` is its key's KV revision, and
 * every write is a `kv.create` (no session yet) or a `kv.update` on the revision just read, so
 * of two writers racing from one revision exactly one wins; the other gets `SESSION_CONFLICT`
 * when it passed `expectedRevision`, and reads and retries when it did not.
 *
 * @example
 * const storage = await NatsKvSessionStorage.connect({ servers: "nats://127.0.0.1:4222" });
 * await storage.upsertSession("u1", "a1", agent.state.session_id, { state: agent.state });
 */
export class NatsKvSessionStorage extends CasSessionStorage {
  readonly bucket: string;
  readonly #kv: KV;
  readonly #owned: NatsConnection | undefined;

  private constructor(
    bucket: string,
    kv: KV,
    owned: NatsConnection | undefined,
    now: (() => Date) | undefined,
  ) {
    super(now === undefined ? {} : { now });
    this.bucket = bucket;
    this.#kv = kv;
    this.#owned = owned;
  }

  /** Opens (creating when missing) the bucket, on the given connection or a new one. */
  static async connect(options: NatsKvSessionStorageOptions = {}): Promise<NatsKvSessionStorage> {
    const bucket = options.bucket ?? DEFAULT_BUCKET;
    const owned =
      options.connection === undefined
        ? await connect({ servers: options.servers ?? "nats://127.0.0.1:4222" })
        : undefined;
    const nc = options.connection ?? owned;
    if (nc === undefined) throw new Error("unreachable: a connection was given or made");
    try {
      const kv = await nc.jetstream().views.kv(bucket, {
        history: 1,
        description: "actorscope sessions (StoredSession JSON per <user>.<agent>.<session> key)",
      });
      return new NatsKvSessionStorage(bucket, kv, owned, options.now);
    } catch (error) {
      await owned?.close();
      throw error;
    }
  }

  /** The KV key of one session. */
  keyOf(userId: string, agentId: string, sessionId: string): string {
    return [
      encodeIdToken(userId, "user id"),
      encodeIdToken(agentId, "agent id"),
      encodeIdToken(sessionId, "session id"),
    ].join(".");
  }

  protected async readSlot(ids: SessionIds): Promise<SessionSlot> {
    const entry = await this.#kv.get(this.keyOf(ids.userId, ids.agentId, ids.sessionId));
    if (entry === null) return { record: undefined, token: 0 };
    // A deleted key keeps a marker whose revision the next create must name.
    if (entry.operation !== "PUT") return { record: undefined, token: entry.revision };
    return { record: this.#decode(entry.string(), entry.revision, ids), token: entry.revision };
  }

  protected async writeSlot(
    ids: SessionIds,
    record: StoredSession,
    token: number,
  ): Promise<number | undefined> {
    const key = this.keyOf(ids.userId, ids.agentId, ids.sessionId);
    const value = JSON.stringify(record);
    try {
      return token === 0
        ? await this.#kv.create(key, value)
        : await this.#kv.update(key, value, token);
    } catch (error) {
      if (apiErrorCode(error) === WRONG_LAST_SEQUENCE) return undefined;
      throw error;
    }
  }

  protected async removeSlot(ids: SessionIds): Promise<boolean> {
    const slot = await this.readSlot(ids);
    if (slot.record === undefined) return false;
    await this.#kv.delete(this.keyOf(ids.userId, ids.agentId, ids.sessionId));
    return true;
  }

  protected async listRecords(userId: string, agentId: string): Promise<StoredSession[]> {
    const prefix = `${encodeIdToken(userId, "user id")}.${encodeIdToken(agentId, "agent id")}`;
    const keys: string[] = [];
    for await (const key of await this.#kv.keys(`${prefix}.*`)) keys.push(key);
    const records: StoredSession[] = [];
    for (const key of keys) {
      const entry = await this.#kv.get(key);
      if (entry === null || entry.operation !== "PUT") continue;
      const ids = { userId, agentId, sessionId: key.slice(prefix.length + 1) };
      records.push(this.#decode(entry.string(), entry.revision, ids));
    }
    return records;
  }

  async close(): Promise<void> {
    await this.#owned?.close();
  }

  // The value was written before KV assigned its revision: the key's revision is the true one.
  #decode(text: string, revision: number, ids: SessionIds): StoredSession {
    try {
      return { ...migrateStoredSession(JSON.parse(text)), revision };
    } catch (error) {
      throw new SessionError(
        SessionErrorCode.SESSION_STORAGE,
        `The value of session '${ids.sessionId}' in bucket "${this.bucket}" is not a stored ` +
          `session: ${error instanceof Error ? error.message : String(error)}. Delete the key.`,
        ids,
        { cause: error },
      );
    }
  }
}

function apiErrorCode(error: unknown): unknown {
  return (error as { api_error?: { err_code?: unknown } } | null)?.api_error?.err_code;
}
