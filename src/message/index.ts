export { newId, now, setIdentitySource, type IdentitySource } from "./identity.js";
export { concatBase64, isStrictBase64, mergeBase64Chunks } from "./base64.js";
export { normalizeUrl } from "./url.js";
export { pythonJsonDumps } from "./python-json.js";
export { withoutTitles, cloneJson, deepFreeze, isObject, type JsonSchema } from "./json-schema.js";
export { ToolSchemaSchema, type ToolSchema } from "./tool-schema.js";
export { setOwn, assignOwn } from "./own-property.js";
export { readOptions } from "./options-object.js";
export {
  MAX_JSON_DEPTH,
  JsonValueSchema,
  JsonFieldSchema,
  JsonObjectSchema,
  copyJson,
  type JsonValue,
  type JsonProblem,
  type JsonCopy,
} from "./json-value.js";
export { TextBlockSchema, type TextBlock, type TextBlockInput } from "./blocks/text-block.js";
export {
  ThinkingBlockSchema,
  type ThinkingBlock,
  type ThinkingBlockInput,
} from "./blocks/thinking-block.js";
export {
  Base64SourceSchema,
  UrlFieldSchema,
  URLSourceSchema,
  DataSourceSchema,
  DataBlockSchema,
  type Base64Source,
  type URLSource,
  type DataSource,
  type DataBlock,
  type DataBlockInput,
} from "./blocks/data-block.js";
export {
  HintBlockSchema,
  HintContentSchema,
  type HintBlock,
  type HintBlockInput,
  type HintContent,
} from "./blocks/hint-block.js";
export {
  ToolCallState,
  ToolCallStateSchema,
  ToolCallBlockSchema,
  type ToolCallBlock,
  type ToolCallBlockInput,
} from "./blocks/tool-call-block.js";
export {
  ToolResultState,
  ToolResultStateSchema,
  TextOrDataBlockSchema,
  ToolOutputSchema,
  ToolResultBlockSchema,
  type TextOrDataBlock,
  type ToolOutput,
  type ToolResultBlock,
  type ToolResultBlockInput,
} from "./blocks/tool-result-block.js";
export {
  ContentBlockSchema,
  ContentBlockType,
  type ContentBlock,
  type ContentBlockInput,
  type BlockOfType,
} from "./blocks/content-block.js";
export {
  PermissionBehavior,
  PermissionBehaviorSchema,
  PermissionRuleSchema,
  type PermissionRule,
  type PermissionRuleInput,
} from "./permission-rule.js";
export { UsageSchema, addUsage, addTokens, type Usage } from "./usage.js";
export {
  ReplyFinishedReason,
  ReplyFinishedReasonSchema,
  ModelFinishedReason,
  ModelFinishedReasonSchema,
} from "./finished-reason.js";
export { ErrorType, ErrorTypeSchema, ErrorInfoSchema, type ErrorInfo } from "./error-info.js";
export {
  RoleSchema,
  USER_CONTENT_ERROR,
  SYSTEM_CONTENT_ERROR,
  assertRoleContent,
  roleAllows,
  type Role,
} from "./role.js";
export { MsgSchema, type MsgData, type MsgDataInput } from "./msg-schema.js";
export { Msg, type MsgInit, type BlockTypeFilter } from "./msg.js";
export { freezeMsg, isFrozenMsg } from "./frozen-msg.js";
export {
  UserMsg,
  SystemMsg,
  AssistantMsg,
  type UserMsgInit,
  type AssistantMsgInit,
} from "./msg-factories.js";
export { applyEvent } from "./append-event.js";
export { EventType } from "./events/event-type.js";
export {
  ReplyStartEventSchema,
  ReplyEndEventSchema,
  ExceedMaxItersEventSchema,
  UserInterruptEventSchema,
  type ReplyStartEvent,
  type ReplyEndEvent,
  type ExceedMaxItersEvent,
  type UserInterruptEvent,
} from "./events/reply-events.js";
export {
  ModelCallStartEventSchema,
  ModelCallEndEventSchema,
  type ModelCallStartEvent,
  type ModelCallEndEvent,
} from "./events/model-call-events.js";
export {
  TextBlockStartEventSchema,
  TextBlockDeltaEventSchema,
  TextBlockEndEventSchema,
  ThinkingBlockStartEventSchema,
  ThinkingBlockDeltaEventSchema,
  ThinkingBlockEndEventSchema,
  DataBlockStartEventSchema,
  DataBlockDeltaEventSchema,
  DataBlockEndEventSchema,
  HintBlockEventSchema,
  type TextBlockStartEvent,
  type TextBlockDeltaEvent,
  type TextBlockEndEvent,
  type ThinkingBlockStartEvent,
  type ThinkingBlockDeltaEvent,
  type ThinkingBlockEndEvent,
  type DataBlockStartEvent,
  type DataBlockDeltaEvent,
  type DataBlockEndEvent,
  type HintBlockEvent,
} from "./events/block-events.js";
export {
  ToolCallStartEventSchema,
  ToolCallDeltaEventSchema,
  ToolCallEndEventSchema,
  ToolResultStartEventSchema,
  ToolResultTextDeltaEventSchema,
  ToolResultDataDeltaEventSchema,
  ToolResultEndEventSchema,
  EXACTLY_ONE_OF_DATA_OR_URL,
  type ToolCallStartEvent,
  type ToolCallDeltaEvent,
  type ToolCallEndEvent,
  type ToolResultStartEvent,
  type ToolResultTextDeltaEvent,
  type ToolResultDataDeltaEvent,
  type ToolResultEndEvent,
} from "./events/tool-events.js";
export {
  RequireUserConfirmEventSchema,
  RequireExternalExecutionEventSchema,
  ConfirmResultSchema,
  UserConfirmResultEventSchema,
  ExternalExecutionResultEventSchema,
  type RequireUserConfirmEvent,
  type RequireExternalExecutionEvent,
  type ConfirmResult,
  type UserConfirmResultEvent,
  type ExternalExecutionResultEvent,
} from "./events/hitl-events.js";
export { CustomEventSchema, type CustomEvent } from "./events/custom-event.js";
export {
  AgentEventSchema,
  parseAgentEvent,
  createEvent,
  type AgentEvent,
  type EventOf,
  type EventFields,
} from "./events/agent-event.js";
export {
  AgentCommandType,
  AgentCommandSchema,
  ReplyCommandSchema,
  ObserveCommandSchema,
  InterruptCommandSchema,
  parseAgentCommand,
  type AgentCommand,
  type AgentCommandInput,
  type ReplyCommand,
  type ObserveCommand,
  type InterruptCommand,
} from "./agent-command.js";
