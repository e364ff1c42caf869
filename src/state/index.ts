export { AgentState } from "./agent-state.js";
export { toolCallsOf, withoutResults } from "./tool-results.js";
export { assertUniqueToolCallIds } from "./tool-call-ids.js";
export {
  AGENT_STATE_VERSION,
  AgentStateSchema,
  SummarySchema,
  type AgentStateData,
  type AgentStateInput,
} from "./agent-state-schema.js";
export {
  ReplyContextSchema,
  JsonSchemaObjectSchema,
  type ReplyContext,
  type ReplyContextInput,
  type JsonSchemaObject,
} from "./reply-context.js";
export {
  STORED_SESSION_VERSION,
  StoredSessionSchema,
  migrateStoredSession,
  type StoredSession,
} from "./session/stored-session-schema.js";
export type {
  SessionStorage,
  SessionStateInput,
  UpsertSessionOptions,
  UpdateSessionStateOptions,
} from "./session/session-storage.js";
export {
  SessionError,
  SessionConflictError,
  SessionErrorCode,
  type SessionIds,
} from "./session/session-error.js";
export { encodeIdToken } from "./session/session-id-token.js";
export { CasSessionStorage, type SessionSlot } from "./session/cas-session-storage.js";
export {
  FileSessionStorage,
  type FileSessionStorageOptions,
} from "./session/file-session-storage.js";
export {
  NatsKvSessionStorage,
  type NatsKvSessionStorageOptions,
} from "./session/nats-kv-session-storage.js";
export {
  RedisSessionStorage,
  type RedisSessionStorageOptions,
} from "./session/redis-session-storage.js";
