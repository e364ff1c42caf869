import { createClient, type RedisClientType } from "redis";
import { getLogger } from "../../errors/index.js";
import { CasSessionStorage, type SessionSlot } from "./cas-session-storage.js";
import { SessionError, SessionErrorCode, type SessionIds } from "./session-error.js";
import { encodeIdToken } from "./session-id-token.js";
import { migrateStoredSession, type StoredSession } from "./stored-session-schema.js";

/**
 * Compare-and-set of one session (KEYS[1], a hash of `revision` and `record`) and its entry in
 * the (user, agent) index (KEYS[2]): writes only if the stored revision (0 when none) is still
 * ARGV[1]. Redis runs a script alone, so nothing lands between the compare and the set.
 */
const COMPARE_AND_SET = `
local current = tonumber(redis.call('HGET', KEYS[1], 'revision') or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'record', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[4])
return 1
`;

/** Deletes a session and its index entry at once: 1 if it existed. */
const DELETE = `
local n = redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return n
`;

/** Options of {@link RedisSessionStorage.connect}. */
export interface RedisSessionStorageOptions {
  /** A connected client to use (left open by `close()`); else one is made to `url`. */
  readonly client?: RedisClientType;
  /** Where to connect when no `client` is given (default `redis://127.0.0.1:6379`). */
  readonly url?: string;
  /** The first part of every key (default `actorscope`). */
  readonly prefix?: string;
  /** The clock of `created_at`/`updated_at` (default: the system clock). */
  readonly now?: () => Date;
}

/**
 * Sessions in Redis (node-redis), laid out like AgentScope's `RedisStorage`:
 * `<prefix>:user:<user>:agent:<agent>:session:<session>` holds the session (a hash of its
 * `revision` and its JSON `record`), and the set `<prefix>:user:<user>:agent:<agent>:sessions`
 * indexes a (user, agent)'s sessions; ids are encoded by `encodeIdToken`, so none holds a `:`.
 * Writes are a Lua compare-and-set on the revision, so of two writers racing from one revision
 * exactly one wins; the other gets `SESSION_CONFLICT` when it passed `expectedRevision`, and
 * reads and retries when it did not.
 *
 * @example
 * const storage = await RedisSessionStorage.connect({ url: "redis://127.0.0.1:6379" });
 * await storage.upsertSession("u1", "a1", agent.state.session_id, { state: agent.state });
 */
export class RedisSessionStorage extends CasSessionStorage {
  readonly prefix: string;
  readonly #client: RedisClientType;
  readonly #owned: boolean;

  private constructor(
    client: RedisClientType,
    owned: boolean,
    prefix: string,
    now: (() => Date) | undefined,
  ) {
    super(now === undefined ? {} : { now });
    this.#client = client;
    this.#owned = owned;
    this.prefix = prefix;
  }

  /** Uses the given client, or connects a new one to `url`. */
  static async connect(options: RedisSessionStorageOptions = {}): Promise<RedisSessionStorage> {
    const prefix = options.prefix ?? "actorscope";
    if (options.client !== undefined) {
      return new RedisSessionStorage(options.client, false, prefix, options.now);
    }
    const client: RedisClientType = createClient({ url: options.url ?? "redis://127.0.0.1:6379" });
    // node-redis reports connection trouble as events while it reconnects; an event without a
    // listener would crash the process, so it becomes a warning (the failed call still rejects).
    client.on("error", (error: unknown) => {
      getLogger().warn("Redis session storage: connection error", {
        error: error instanceof Error ? error.message : String(error),
      });
    });
    await client.connect();
    return new RedisSessionStorage(client, true, prefix, options.now);
  }

  /** The key of one session. */
  keyOf(userId: string, agentId: string, sessionId: string): string {
    return `${this.#agentKey(userId, agentId)}:session:${encodeIdToken(sessionId, "session id")}`;
  }

  protected async readSlot(ids: SessionIds): Promise<SessionSlot> {
    const [revision, record] = await this.#client.hmGet(
      this.keyOf(ids.userId, ids.agentId, ids.sessionId),
      ["revision", "record"],
    );
    if (revision === null || revision === undefined || record === null || record === undefined) {
      return { record: undefined, token: 0 };
    }
    const stored = this.#decode(record, ids);
    return { record: stored, token: stored.revision };
  }

  protected async writeSlot(
    ids: SessionIds,
    record: StoredSession,
    token: number,
  ): Promise<number | undefined> {
    const done = await this.#client.eval(COMPARE_AND_SET, {
      keys: [this.keyOf(ids.userId, ids.agentId, ids.sessionId), this.#indexKey(ids)],
      arguments: [
        String(token),
        String(record.revision),
        JSON.stringify(record),
        encodeIdToken(ids.sessionId, "session id"),
      ],
    });
    return Number(done) === 1 ? record.revision : undefined;
  }

  protected async removeSlot(ids: SessionIds): Promise<boolean> {
    const removed = await this.#client.eval(DELETE, {
      keys: [this.keyOf(ids.userId, ids.agentId, ids.sessionId), this.#indexKey(ids)],
      arguments: [encodeIdToken(ids.sessionId, "session id")],
    });
    return Number(removed) > 0;
  }

  protected async listRecords(userId: string, agentId: string): Promise<StoredSession[]> {
    const tokens = await this.#client.sMembers(this.#indexKey({ userId, agentId }));
    const records: StoredSession[] = [];
    for (const token of tokens) {
      const key = `${this.#agentKey(userId, agentId)}:session:${token}`;
      const record = await this.#client.hGet(key, "record");
      // A session deleted by another client between the two reads is simply gone.
      if (record === null || record === undefined) continue;
      records.push(this.#decode(record, { userId, agentId, sessionId: token }));
    }
    return records;
  }

  async close(): Promise<void> {
    if (this.#owned && this.#client.isOpen) await this.#client.close();
  }

  #agentKey(userId: string, agentId: string): string {
    return `${this.prefix}:user:${encodeIdToken(userId, "user id")}:agent:${encodeIdToken(agentId, "agent id")}`;
  }

  #indexKey(ids: Pick<SessionIds, "userId" | "agentId">): string {
    return `${this.#agentKey(ids.userId, ids.agentId)}:sessions`;
  }

  #decode(text: string, ids: SessionIds): StoredSession {
    try {
      return migrateStoredSession(JSON.parse(text));
    } catch (error) {
      throw new SessionError(
        SessionErrorCode.SESSION_STORAGE,
        `The record of session '${ids.sessionId}' in Redis is not a stored session: ` +
          `${error instanceof Error ? error.message : String(error)}. Delete the key.`,
        ids,
        { cause: error },
      );
    }
  }
}
