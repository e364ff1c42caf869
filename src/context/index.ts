export {
  CompressionSummarySchema,
  ContextConfigSchema,
  DEFAULT_COMPRESSION_PROMPT,
  DEFAULT_SUMMARY_TEMPLATE,
  type CompressionSummary,
  type ContextConfig,
  type ContextConfigInput,
} from "./context-config.js";
export type { AgentOffloader, DataBlockOffloader, Offloader } from "./offloader.js";
export {
  TRUNCATION_REMINDER,
  splitToolResult,
  truncateToolResult,
  truncationMarker,
  type CountTokens,
  type ToolResultSplit,
} from "./truncate-tool-result.js";
