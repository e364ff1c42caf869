export {
  CompressionSummarySchema,
  ContextConfigSchema,
  DEFAULT_COMPRESSION_PROMPT,
  DEFAULT_SUMMARY_TEMPLATE,
  type CompressionSummary,
  type ContextConfig,
  type ContextConfigInput,
} from "./context-config.js";
export {
  compressContextOnce,
  renderSummary,
  ContextErrorCode,
  TRUNCATED_SUMMARY,
  type CompressionInput,
  type CompressionOutcome,
} from "./compress-context.js";
export {
  splitForCompression,
  withBlocks,
  type ContextSplit,
  type TokenCounter,
} from "./split-for-compression.js";
export type { AgentOffloader, DataBlockOffloader, Offloader } from "./offloader.js";
export {
  TRUNCATION_REMINDER,
  splitToolResult,
  truncateToolResult,
  truncationMarker,
  type CountTokens,
  type ToolResultSplit,
} from "./truncate-tool-result.js";
export { limitContextImages } from "./limit-images.js";
