export {
  ChatContentBlockSchema,
  ChatUsageSchema,
  ChatResponseSchema,
  interruptedResponse,
  type ChatContentBlock,
  type ChatUsage,
  type ChatUsageInput,
  type ChatResponse,
  type ChatResponseInput,
} from "./chat-response.js";
export {
  CHAT_CALL_OPTIONS,
  assertCallOptions,
  type ChatModel,
  type ChatCallOptions,
  type ChatCallResult,
} from "./chat-model.js";
export { ChatModelBase } from "./chat-model-base.js";
// The one tool-schema schema lives in `message` (tools make schemas, models send them).
export { ToolSchemaSchema, type ToolSchema } from "../message/index.js";
export {
  ToolChoiceSchema,
  ToolChoiceMode,
  isToolChoiceMode,
  validateToolChoice,
  type ToolChoice,
} from "./tool-choice.js";
export {
  isResponseStream,
  toResponseStream,
  finalResponse,
  incompleteStreamError,
  EMPTY_STREAM_MESSAGE,
} from "./response-stream.js";
export { chatResponseProblem, invalidResponseError } from "./response-check.js";
export { asModelError } from "./errors/as-model-error.js";
export { ResponseAccumulator } from "./response-accumulator.js";
export {
  estimateTokens,
  DATA_BLOCK_TOKENS,
  DEFAULT_CONTEXT_SIZE,
  type TokenCountable,
} from "./token-count.js";
export { abortableSleep, type Sleep } from "./abortable-sleep.js";
// errors
export {
  ModelErrorCode,
  MODEL_ERROR_TYPES,
  RETRYABLE_MODEL_ERRORS,
  isModelErrorCode,
} from "./errors/model-error-code.js";
export { ModelError, type ModelErrorOptions } from "./errors/model-error.js";
export { ModelRateLimitError } from "./errors/model-rate-limit-error.js";
export { ScriptExhaustedError } from "./errors/script-exhausted-error.js";
export { StructuredOutputError } from "./errors/structured-output-error.js";
export { modelErrorType, modelErrorInfo } from "./errors/model-error-info.js";
// structured output
export {
  generateStructuredOutput,
  STRUCTURED_OUTPUT_TOOL,
  STRUCTURED_OUTPUT_INSTRUCTION,
} from "./structured-output/generate-structured-output.js";
export {
  StructuredResponseSchema,
  type StructuredResponse,
  type StructuredOutputOptions,
  type StructuredSchema,
  type JsonSchemaObject,
} from "./structured-output/structured-response.js";
export { toParametersSchema } from "./structured-output/json-schema-tools.js";
/** The title stripper of tool parameters (one for every layer; it lives in `message`). */
export { withoutTitles as stripTitles } from "../message/index.js";
// scripted model
export {
  ScriptedModel,
  ScriptedModelOptionsSchema,
  SCRIPTED_MODEL_OPTIONS,
  type ScriptedModelOptions,
  type ScriptedCall,
} from "./scripted/scripted-model.js";
export {
  ScriptedTurnSchema,
  ScriptedReplySchema,
  ScriptedToolCallSchema,
  type ScriptedTurn,
  type ScriptedReply,
  type ScriptedToolCall,
  type ScriptedResponder,
  type ScriptedCallInfo,
} from "./scripted/scripted-turn.js";
// formatters
export type {
  ChatFormatter,
  FormatOptions,
  FormattableMsg,
  OpenAIMessage,
  OpenAIContentPart,
  OpenAIToolCall,
} from "./formatter/chat-formatter.js";
export {
  OpenAIChatFormatter,
  OpenAIFormatterOptionsSchema,
  type OpenAIFormatterOptions,
} from "./formatter/openai-chat-formatter.js";
export {
  OpenAIMultiAgentFormatter,
  CONVERSATION_HISTORY_PROMPT,
  groupMessages,
  type OpenAIMultiAgentFormatterOptions,
  type MessageGroup,
} from "./formatter/openai-multi-agent-formatter.js";
export { OpenAIAutoFormatter, hasOtherAgents } from "./formatter/openai-auto-formatter.js";
export {
  DEFAULT_INPUT_MEDIA_TYPES,
  matchesMediaType,
  isSupportedMediaType,
} from "./formatter/media-type.js";
// OpenAI
export { OpenAIChatModel } from "./openai/openai-chat-model.js";
export {
  OpenAIChatModelOptionsSchema,
  OPENAI_CHAT_MODEL_OPTIONS,
  type OpenAIChatModelOptions,
} from "./openai/openai-chat-model-options.js";
export {
  OpenAIChatParametersSchema,
  type OpenAIChatParameters,
  type OpenAIChatParametersInput,
} from "./openai/openai-parameters.js";
// credentials
export { Secret, SECRET_MASK } from "./credentials/secret.js";
export type { OpenAICompatibleCredential } from "./credentials/openai-compatible-credential.js";
export {
  OpenAICredential,
  CredentialDataSchema,
  type CredentialSpec,
  type CredentialData,
  type CredentialDataInput,
  type OpenAICredentialInit,
  type CredentialChatModelOptions,
} from "./credentials/openai-credential.js";
export {
  DeepSeekCredential,
  MoonshotCredential,
  XAICredential,
  OllamaCredential,
  DashScopeCredential,
  CREDENTIAL_CLASSES,
  credentialFromJSON,
} from "./credentials/provider-credentials.js";
// model cards
export {
  ModelCardFileSchema,
  mergeParameterSchema,
  toModelCard,
  type ModelCard,
  type ModelCardFile,
} from "./cards/model-card.js";
export { loadModelCards } from "./cards/load-model-cards.js";
