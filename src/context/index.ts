export {
  CompressionSummarySchema,
  ContextConfigSchema,
  DEFAULT_COMPRESSION_PROMPT,
  DEFAULT_SUMMARY_TEMPLATE,
  type CompressionSummary,
  type ContextConfig,
  type ContextConfigInput,
} from "./context-config.js";
export type { AgentOffloader, DataBlockOffloader } from "./offloader.js";
