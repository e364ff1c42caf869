export type {
  Bus,
  BusHeaders,
  BusMessage,
  KeyValueEntry,
  KeyValueStore,
  PublishOptions,
  RequestOptions,
  SubscribeOptions,
} from "./bus.js";
export { BusError, BusErrorCode } from "./bus-error.js";
export type { Codec } from "./codec.js";
export { jsonCodec } from "./json-codec.js";
export { msgpackCodec } from "./msgpack-codec.js";
export {
  Subjects,
  REGISTRY_TOOL_PREFIX,
  assertSubject,
  escapeToken,
  unescapeToken,
} from "./subjects.js";
export { CODECS, DEFAULT_CODEC, resolveCodec } from "./codec-choice.js";
export { NatsBus } from "./nats-bus.js";
export {
  NatsBusOptionsSchema,
  NatsReconnectOptionsSchema,
  NatsTlsOptionsSchema,
  type NatsBusOptions,
} from "./nats-options.js";
export type { BusStatus, BusStatusType } from "./nats-status.js";
export { InProcessBus, type InProcessBusOptions } from "./in-process-bus.js";
export { RequestWaiter, type ReplyContent } from "./request-waiter.js";
export { assertBucketName, assertKeyName } from "./kv-names.js";
