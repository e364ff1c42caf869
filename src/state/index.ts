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
