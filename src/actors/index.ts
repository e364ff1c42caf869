export {
  Agent,
  type AgentOptions,
  type AgentOffloader,
  type ReplyOptions,
  type StructuredSchemaInput,
} from "./agent/agent.js";
export type { AgentPort } from "./agent/agent-port.js";
export {
  ModelConfigSchema,
  type ModelConfig,
  type ModelConfigInput,
} from "./agent/model-config.js";
export { ReplyInputError, ReplyInputErrorCode } from "./agent/reply-input-error.js";
export {
  ActingError,
  ActingErrorCode,
  ToolCallError,
  type ToolCallStage,
} from "./agent/acting/index.js";
export type { ReplyInput } from "./agent/reply-input.js";
export {
  GenerateStructuredOutput,
  GENERATE_STRUCTURED_OUTPUT_NAME,
  toStructuredJsonSchema,
} from "./agent/generate-structured-output-tool.js";
export { MsgHub } from "./hub/msg-hub.js";
export type { MsgHubOptions, HubWaitOptions } from "./hub/msg-hub-options.js";
export { HubError, HubErrorCode } from "./hub/hub-error.js";
export { HubPostSchema, type HubPost, type WirePost } from "./hub/hub-post.js";
export {
  sequentialPipeline,
  type SequentialPipelineOptions,
} from "./pipeline/sequential-pipeline.js";
export { fanoutPipeline, type FanoutPipelineOptions } from "./pipeline/fanout-pipeline.js";
export type { PipelineInput } from "./pipeline/pipeline-input.js";
