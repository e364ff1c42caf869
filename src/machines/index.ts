export {
  createAgentMachine,
  restingContext,
  AgentStateName,
  type AgentMachine,
  type AgentMachineContext,
  type AgentMachineEvent,
  type AgentMachineInput,
  type LoopHost,
  type ReplyRequest,
  type WorkOutput,
  type ReasoningOutput,
  type ActingOutput,
  type ReasoningInput,
  type WorkInput,
  type ActingInput,
} from "./agent-machine.js";
export {
  decideNextAction,
  WAITING_TEXT,
  STRUCTURED_DONE_TEXT,
  EXCEEDED_TEXT,
  GENERATE_STRUCTURED_OUTPUT_NAME,
  STRUCTURED_HINT_SOURCE,
  type NextAction,
  type NextActionInput,
} from "./next-action.js";
export { batchToolCalls, type ToolBatch } from "./batching.js";
export { fromWork, type WorkEvent, type WorkOptions, type WorkScope } from "./work-actor.js";
export {
  ReActConfigSchema,
  DEFAULT_INTERRUPTION_MESSAGE,
  type ReActConfig,
  type ReActConfigInput,
} from "./react-config.js";
export {
  InjectionConfigSchema,
  DEFAULT_INJECTION_TEMPLATE,
  DEFAULT_INJECTION_SOURCE,
  DEFAULT_TASK_TOOL_NAMES,
  type InjectionConfig,
  type InjectionConfigInput,
} from "./injection-config.js";
