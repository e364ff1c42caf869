import { readdir, readFile, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import { syncDirectory, writeFileAtomic } from "../../tools/index.js";
import { CasSessionStorage, type SessionSlot } from "./cas-session-storage.js";
import { SessionErrorCode, SessionError, type SessionIds } from "./session-error.js";
import { encodeIdToken } from "./session-id-token.js";
import { KeyedMutex } from "./keyed-mutex.js";
import { migrateStoredSession, type StoredSession } from "./stored-session-schema.js";

/** One lock per session file for the whole process: two storages on one folder share them. */
const FILE_LOCKS = new KeyedMutex();

/** Options of {@link FileSessionStorage}. */
export interface FileSessionStorageOptions {
  /** The clock of `created_at`/`updated_at` (default: the system clock). */
  readonly now?: () => Date;
}

/**
 * Sessions as JSON files, the embedded default: `dir/<user>/<agent>/<session>.json`, each id
 * encoded into a token of `A-Za-z0-9_-=` (see `encodeIdToken`), so no id reaches outside `dir`.
 * Each write goes to a temporary file that is fsynced and renamed over the session's file (then
 * the directory is fsynced): a crash mid-write leaves the old session or the new one, never a
 * half-written file. Revision checks run under a per-file lock (shared by every storage of the
 * process) and compare with what is on disk; the lock is in-process, so two processes writing one session can still race between the compare
 * and the rename (use NATS KV or Redis for many writers).
 *
 * @example
 * const storage = new FileSessionStorage("./sessions");
 * await storage.upsertSession("u1", "a1", agent.state.session_id, { state: agent.state });
 */
export class FileSessionStorage extends CasSessionStorage {
  readonly dir: string;
  readonly #locks = FILE_LOCKS;

  constructor(dir: string, options: FileSessionStorageOptions = {}) {
    super(options.now === undefined ? {} : { now: options.now });
    this.dir = resolve(dir);
  }

  /** The file of one session (its ids encoded). */
  fileOf(userId: string, agentId: string, sessionId: string): string {
    return join(this.#agentDir(userId, agentId), `${encodeIdToken(sessionId, "session id")}.json`);
  }

  override async upsertSession(
    ...args: Parameters<CasSessionStorage["upsertSession"]>
  ): Promise<number> {
    const [userId, agentId, sessionId] = args;
    return this.#locks.run(this.fileOf(userId, agentId, sessionId), () =>
      super.upsertSession(...args),
    );
  }

  override async updateSessionState(
    ...args: Parameters<CasSessionStorage["updateSessionState"]>
  ): Promise<number> {
    const [userId, agentId, sessionId] = args;
    return this.#locks.run(this.fileOf(userId, agentId, sessionId), () =>
      super.updateSessionState(...args),
    );
  }

  override async deleteSession(
    userId: string,
    agentId: string,
    sessionId: string,
  ): Promise<boolean> {
    return this.#locks.run(this.fileOf(userId, agentId, sessionId), () =>
      super.deleteSession(userId, agentId, sessionId),
    );
  }

  protected async readSlot(ids: SessionIds): Promise<SessionSlot> {
    const record = await this.#readFile(this.fileOf(ids.userId, ids.agentId, ids.sessionId), ids);
    return { record, token: record?.revision ?? 0 };
  }

  // Called under the file's lock with the token just read from disk: nobody in this process can
  // have written since, so the compare is the read in `CasSessionStorage` and always holds here.
  protected async writeSlot(ids: SessionIds, record: StoredSession): Promise<number> {
    await writeFileAtomic(
      this.fileOf(ids.userId, ids.agentId, ids.sessionId),
      `${JSON.stringify(record)}\n`,
    );
    return record.revision;
  }

  protected async removeSlot(ids: SessionIds): Promise<boolean> {
    const file = this.fileOf(ids.userId, ids.agentId, ids.sessionId);
    try {
      await unlink(file);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await syncDirectory(this.#agentDir(ids.userId, ids.agentId));
    return true;
  }

  protected async listRecords(userId: string, agentId: string): Promise<StoredSession[]> {
    const dir = this.#agentDir(userId, agentId);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const records: StoredSession[] = [];
    for (const name of names) {
      // Temporary files of writers start with a dot; stored sessions never do.
      if (name.startsWith(".") || !name.endsWith(".json")) continue;
      const ids = { userId, agentId, sessionId: name.slice(0, -".json".length) };
      const record = await this.#readFile(join(dir, name), ids);
      if (record !== undefined) records.push(record);
    }
    return records;
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }

  #agentDir(userId: string, agentId: string): string {
    return join(this.dir, encodeIdToken(userId, "user id"), encodeIdToken(agentId, "agent id"));
  }

  async #readFile(file: string, ids: SessionIds): Promise<StoredSession | undefined> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    try {
      return migrateStoredSession(JSON.parse(text));
    } catch (error) {
      throw new SessionError(
        SessionErrorCode.SESSION_STORAGE,
        `The file of session '${ids.sessionId}' (${file}) is not a stored session: ` +
          `${error instanceof Error ? error.message : String(error)}. Move it away or delete it.`,
        ids,
        { cause: error },
      );
    }
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ENOENT";
}
