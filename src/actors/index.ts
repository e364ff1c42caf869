export {
  Agent,
  type AgentOptions,
  type AgentOffloader,
  type ReplyOptions,
  type StructuredSchemaInput,
  type AgentSessionOptions,
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
export { spawnAgent, type SpawnAgentOptions, type AgentHandle } from "./agent-bus/spawn-agent.js";
export { agentRef, AgentRef, type AgentRefOptions } from "./agent-bus/agent-ref.js";
export { AgentFailureSource } from "./agent-bus/agent-failure.js";
export {
  AgentBusError,
  AgentBusErrorCode,
  agentErrorFromWire,
} from "./agent-bus/agent-bus-error.js";
export {
  AgentBusCommandSchema,
  AgentBusCommandType,
  BusReplyCommandSchema,
  DescribeCommandSchema,
  CancelCommandSchema,
  type AgentBusCommand,
  type AgentBusCommandInput,
} from "./agent-bus/agent-bus-command.js";
export {
  AgentFrameSchema,
  AgentFrameKind,
  SEQ_HEADER,
  type AgentFrame,
  type AgentEndFrame,
} from "./agent-bus/agent-bus-frame.js";
export {
  AgentTransitionSchema,
  AgentDescriptionSchema,
  AgentPresenceEventType,
  StateValueSchema,
  ActorStatusSchema,
  type AgentTransition,
  type AgentDescription,
  type ActorStatus,
  type StateValueData,
} from "./agent-bus/agent-transition.js";
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
export {
  ActorRuntime,
  RuntimeErrorCode,
  ActorKind,
  STOP_ORDER,
  SupervisionReportSchema,
  SupervisionReportType,
  type ActorRuntimeOptions,
  type SupervisedActor,
  type SupervisionReport,
} from "./runtime/index.js";
export { serveTools } from "./tool-worker/serve-tools.js";
export { ToolWorker, type ToolExecution, type ToolWorkerStats } from "./tool-worker/tool-worker.js";
export type { ServeToolsOptions } from "./tool-worker/tool-worker-options.js";
export { remoteTools } from "./remote-tools/remote-tools.js";
export { RemoteToolSource, remoteToolSource } from "./remote-tools/remote-tool-source.js";
export { RemoteTool } from "./remote-tools/remote-tool.js";
export type {
  RemoteToolSourceOptions,
  RemoteToolsOptions,
} from "./remote-tools/remote-tools-options.js";
export { RemoteToolError, RemoteToolErrorCode } from "./tool-protocol/remote-tool-error.js";
export { ToolFrameSchema, ToolFrameKind, type ToolFrame } from "./tool-protocol/tool-frame.js";
export {
  ToolCallRequestSchema,
  ToolCancelSchema,
  type ToolCallRequest,
  type ToolCancel,
} from "./tool-protocol/tool-call-request.js";
export {
  ToolCheckRequestSchema,
  ToolCheckAnswerSchema,
  type ToolCheckRequest,
  type ToolCheckRequestInput,
  type ToolCheckAnswer,
} from "./tool-protocol/tool-check.js";
export {
  ToolRegistryEntrySchema,
  TOOL_REGISTRY_VERSION,
  type ToolRegistryEntry,
} from "./tool-protocol/tool-registry-entry.js";
