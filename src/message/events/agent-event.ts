import { z } from "zod";
import { ValidationError, parseOrThrow } from "../../errors/index.js";
import { newId, now } from "../identity.js";
import { CustomEventSchema } from "./custom-event.js";
import {
  DataBlockDeltaEventSchema,
  DataBlockEndEventSchema,
  DataBlockStartEventSchema,
  HintBlockEventSchema,
  TextBlockDeltaEventSchema,
  TextBlockEndEventSchema,
  TextBlockStartEventSchema,
  ThinkingBlockDeltaEventSchema,
  ThinkingBlockEndEventSchema,
  ThinkingBlockStartEventSchema,
} from "./block-events.js";
import type { EventType } from "./event-type.js";
import {
  ExternalExecutionResultEventSchema,
  RequireExternalExecutionEventSchema,
  RequireUserConfirmEventSchema,
  UserConfirmResultEventSchema,
} from "./hitl-events.js";
import { ModelCallEndEventSchema, ModelCallStartEventSchema } from "./model-call-events.js";
import {
  ExceedMaxItersEventSchema,
  ReplyEndEventSchema,
  ReplyStartEventSchema,
  UserInterruptEventSchema,
} from "./reply-events.js";
import {
  EXACTLY_ONE_OF_DATA_OR_URL,
  ToolCallDeltaEventSchema,
  ToolCallEndEventSchema,
  ToolCallStartEventSchema,
  ToolResultDataDeltaEventSchema,
  ToolResultEndEventSchema,
  ToolResultStartEventSchema,
  ToolResultTextDeltaEventSchema,
} from "./tool-events.js";

/** Every event, discriminated by `type`. Validates events arriving as JSON. */
export const AgentEventSchema = z.discriminatedUnion("type", [
  ReplyStartEventSchema,
  ReplyEndEventSchema,
  ModelCallStartEventSchema,
  ModelCallEndEventSchema,
  TextBlockStartEventSchema,
  TextBlockDeltaEventSchema,
  TextBlockEndEventSchema,
  DataBlockStartEventSchema,
  DataBlockDeltaEventSchema,
  DataBlockEndEventSchema,
  ThinkingBlockStartEventSchema,
  ThinkingBlockDeltaEventSchema,
  ThinkingBlockEndEventSchema,
  HintBlockEventSchema,
  ToolCallStartEventSchema,
  ToolCallDeltaEventSchema,
  ToolCallEndEventSchema,
  ToolResultStartEventSchema,
  ToolResultTextDeltaEventSchema,
  ToolResultDataDeltaEventSchema,
  ToolResultEndEventSchema,
  ExceedMaxItersEventSchema,
  RequireUserConfirmEventSchema,
  RequireExternalExecutionEventSchema,
  UserConfirmResultEventSchema,
  UserInterruptEventSchema,
  ExternalExecutionResultEventSchema,
  CustomEventSchema,
]);
export type AgentEvent = z.output<typeof AgentEventSchema>;

/** The event of a given `type`. */
export type EventOf<T extends EventType> = Extract<AgentEvent, { type: T }>;

/** Validates an event that arrived as JSON; throws a `ValidationError` naming the bad field. */
export function parseAgentEvent(value: unknown): AgentEvent {
  return parseOrThrow(AgentEventSchema, value, "event");
}

/** Per type, the fields with defaults besides `id`, `created_at` and `metadata`. */
interface DefaultedFields {
  REPLY_START: "role";
  REPLY_END: "finished_reason" | "error";
  MODEL_CALL_END: "cache_input_tokens" | "cache_creation_input_tokens" | "finished_reason";
  HINT_BLOCK: "source";
  TOOL_RESULT_DATA_DELTA: "block_id" | "data" | "url";
  CUSTOM: "value";
}
type Defaulted<T extends EventType> =
  "id" | "created_at" | "metadata" | (T extends keyof DefaultedFields ? DefaultedFields[T] : never);

/** The fields `createEvent` takes for a type: required ones, and optional defaulted ones. */
export type EventFields<T extends EventType> = Omit<EventOf<T>, "type" | Defaulted<T>> &
  Partial<Pick<EventOf<T>, Defaulted<T> & keyof EventOf<T>>>;

const FIELD_DEFAULTS: Partial<Record<EventType, Readonly<Record<string, unknown>>>> = {
  REPLY_START: { role: "assistant" },
  REPLY_END: { finished_reason: "completed", error: null },
  MODEL_CALL_END: {
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
    finished_reason: "completed",
  },
  HINT_BLOCK: { source: null },
  TOOL_RESULT_DATA_DELTA: { data: null, url: null },
};

/**
 * Makes an event in code, without a schema pass (the loop makes millions): fills `id`,
 * `created_at`, `metadata` and the type's defaults. Nested blocks must already be complete.
 * Validate untrusted events with {@link parseAgentEvent} instead.
 *
 * @example
 * createEvent("TEXT_BLOCK_DELTA", { reply_id, block_id, delta: "Hello" })
 */
export function createEvent<T extends EventType>(type: T, fields: EventFields<T>): EventOf<T> {
  const event: Record<string, unknown> = {
    type,
    id: newId(),
    created_at: now(),
    metadata: {},
    ...FIELD_DEFAULTS[type],
    ...fields,
  };
  if (type === "TOOL_RESULT_DATA_DELTA") {
    event["block_id"] ??= newId();
    if ((event["data"] === null) === (event["url"] === null)) {
      throw new ValidationError("event", [{ path: "", message: EXACTLY_ONE_OF_DATA_OR_URL }], {
        message: EXACTLY_ONE_OF_DATA_OR_URL,
      });
    }
  } else if (type === "CUSTOM") {
    event["value"] ??= {};
  }
  return event as EventOf<T>;
}
