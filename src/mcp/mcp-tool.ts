import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  ToolBase,
  type JsonSchema,
  type PermissionDecision,
  type ToolInput,
  type ToolBaseOptions,
  type ToolCallContext,
  type ToolChunkInput,
} from "../tools/index.js";
import { resultChunk } from "./mcp-content.js";
import { toolInputSchema } from "./mcp-tool-schema.js";

/** What an `MCPTool` calls through: its client (a session per call, or the live one). */
export interface MCPToolHost {
  /** The server's name (`MCPClient.name`). */
  readonly name: string;
  /** Runs `tools/call` for the server's tool `tool`, honouring `signal` and the client's timeout. */
  callRaw(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<CallToolResult>;
}

/** The ALLOW message of a read-only MCP tool (the reference's text). */
export const MCP_READ_ONLY_ALLOW_MESSAGE = "This is a read-only MCP tool. Allowing execution.";
/** The ASK message of every other MCP tool (the reference's text). */
export const MCP_TOOL_ASK_MESSAGE = "MCP tools must be explicitly allowed by the user.";

/** Options of {@link MCPTool}. */
export interface MCPToolOptions extends ToolBaseOptions {
  /** The client whose server offers the tool. */
  host: MCPToolHost;
  /** The tool as the server lists it. */
  tool: Tool;
}

/**
 * One tool of an MCP server (spec §7), usually made by `MCPClient.listTools()`. Its model-facing
 * name is `mcp__{server}__{tool}` with characters outside `[a-zA-Z0-9_-]` in the tool's name
 * replaced by `x` (the server is still called by the original `toolName`); its schema is the
 * server's whole `inputSchema`. `readOnlyHint` makes it read-only, so it is allowed without a rule
 * in every mode; any other call asks (`MCP tools must be explicitly allowed by the user.`) unless
 * a rule such as `{ tool_name: "mcp__srv__tool", rule_content: null, behavior: "allow" }` allows it.
 * Calls are not concurrency-safe and never receive the agent state.
 */
export class MCPTool extends ToolBase {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly isConcurrencySafe = false;
  readonly isReadOnly: boolean;
  override readonly isMcp = true;
  override readonly mcpName: string;
  /** The tool's name on its server. */
  readonly toolName: string;
  /** The server's annotations (`title`, `readOnlyHint`, `destructiveHint`, …), as listed. */
  readonly annotations: Readonly<Record<string, unknown>>;
  readonly #host: MCPToolHost;

  constructor(options: MCPToolOptions) {
    super(options);
    const { host, tool } = options;
    this.#host = host;
    this.mcpName = host.name;
    this.toolName = tool.name;
    this.name = mcpToolName(host.name, tool.name);
    this.description = tool.description ?? "";
    this.inputSchema = toolInputSchema(host.name, tool.name, tool.inputSchema);
    this.annotations = Object.freeze({ ...tool.annotations });
    this.isReadOnly = tool.annotations?.readOnlyHint === true;
  }

  checkPermissions(): PermissionDecision {
    return {
      behavior: this.isReadOnly ? "allow" : "ask",
      message: this.isReadOnly ? MCP_READ_ONLY_ALLOW_MESSAGE : MCP_TOOL_ASK_MESSAGE,
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunkInput> {
    const result = await this.#host.callRaw(this.toolName, input, context.signal);
    return resultChunk(result, this.mcpName);
  }
}

/** `mcp__{server}__{tool}`, the tool's characters outside `[a-zA-Z0-9_-]` replaced by `x`. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool.replace(/[^a-zA-Z0-9_-]/gu, "x")}`;
}
