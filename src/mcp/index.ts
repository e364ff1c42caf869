export { MCPClient } from "./mcp-client.js";
export { DEFAULT_EXECUTION_TIMEOUT_S, type MCPClientOptions } from "./mcp-client-options.js";
export {
  StdioMCPConfigSchema,
  HttpMCPConfigSchema,
  MCPConfigSchema,
  httpTransportOf,
  type StdioMCPConfig,
  type HttpMCPConfig,
  type MCPConfig,
  type MCPConfigInput,
  type HttpTransportKind,
} from "./mcp-config.js";
export { MCPError, MCPErrorCode } from "./mcp-error.js";
export {
  MCPTool,
  MCP_READ_ONLY_ALLOW_MESSAGE,
  MCP_TOOL_ASK_MESSAGE,
  mcpToolName,
  type MCPToolHost,
  type MCPToolOptions,
} from "./mcp-tool.js";
export { STDERR_TAIL_BYTES } from "./stderr-tail.js";
