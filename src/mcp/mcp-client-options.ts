import { parseOrThrow } from "../errors/index.js";
import { readOptions } from "../message/index.js";
import { pyRepr } from "../tools/index.js";
import { MCPConfigSchema, type MCPConfig, type MCPConfigInput } from "./mcp-config.js";
import { MCPError, MCPErrorCode } from "./mcp-error.js";

/** Options of `new MCPClient(…)` (AgentScope's fields, in camelCase). */
export interface MCPClientOptions {
  /** The server's name: `[a-zA-Z0-9_-]+`, the middle of its tools' names `mcp__{name}__{tool}`. */
  name: string;
  /**
   * Whether the client keeps one session (`connect()` first, `close()` at the end) or opens a
   * session per listing and call. stdio servers must be stateful.
   */
  isStateful: boolean;
  /** How to reach the server: `{ type: "stdio_mcp", command, … }` or `{ type: "http_mcp", url, … }`. */
  mcpConfig: MCPConfigInput;
  /** Only these of the server's tools are offered (its own names); all when absent. */
  enableTools?: readonly string[] | null | undefined;
  /** These of the server's tools are never offered. */
  disableTools?: readonly string[] | null | undefined;
  /**
   * Seconds a tool call may take before it is cancelled on the server and ends as an ERROR
   * result. Absent: {@link DEFAULT_EXECUTION_TIMEOUT_S} (the reference waits for ever; we bound
   * every wait). Progress notifications from the server restart the clock.
   */
  executionTimeout?: number | null | undefined;
}

/** The bound on a tool call when `executionTimeout` is not given, in seconds. */
export const DEFAULT_EXECUTION_TIMEOUT_S = 60;

/** The options, checked, with the texts of the reference's `ValueError`s. */
export interface ResolvedClientOptions {
  readonly name: string;
  readonly isStateful: boolean;
  readonly mcpConfig: MCPConfig;
  readonly enableTools: readonly string[] | null;
  readonly disableTools: readonly string[] | null;
  readonly executionTimeout: number | null;
}

const KNOWN = new Set([
  "name",
  "isStateful",
  "mcpConfig",
  "enableTools",
  "disableTools",
  "executionTimeout",
]);

export function resolveClientOptions(options: MCPClientOptions): ResolvedClientOptions {
  const read = readOptions(options, KNOWN, "MCPClient options");
  const name: unknown = read.name;
  if (typeof name !== "string" || !/^[a-zA-Z0-9_-]+$/.test(name)) {
    throw invalid(
      String(name),
      `MCPClient name '${String(name)}' contains characters not allowed by LLM providers ` +
        "(only [a-zA-Z0-9_-] are permitted). Please rename it.",
    );
  }
  if (typeof read.isStateful !== "boolean") {
    throw invalid(name, `isStateful must be a boolean, but got ${pyRepr(read.isStateful)}.`);
  }
  const mcpConfig = parseOrThrow(MCPConfigSchema, read.mcpConfig, "MCPClient mcpConfig");
  if (mcpConfig.type === "stdio_mcp" && !read.isStateful) {
    throw invalid(name, "STDIO MCP must be stateful (is_stateful=True).");
  }
  const enableTools = toolList(name, read.enableTools, "Enable");
  const disableTools = toolList(name, read.disableTools, "Disable");
  if (enableTools !== null && disableTools !== null) {
    const overlap = [...new Set(enableTools)].filter((tool) => disableTools.includes(tool));
    if (overlap.length > 0) {
      throw invalid(
        name,
        "The tools in enable_tools and disable_tools should not overlap, but got " +
          `{${overlap.map(pyRepr).join(", ")}}.`,
      );
    }
  }
  const timeout: unknown = read.executionTimeout ?? null;
  if (timeout !== null && (typeof timeout !== "number" || !(timeout > 0) || timeout > 2_147_483)) {
    throw invalid(
      name,
      `executionTimeout must be a positive number of seconds (at most 2147483), but got ${pyRepr(timeout)}.`,
    );
  }
  return {
    name,
    isStateful: read.isStateful,
    mcpConfig,
    enableTools,
    disableTools,
    executionTimeout: timeout,
  };
}

function toolList(server: string, value: unknown, which: string): readonly string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((tool) => typeof tool !== "string")) {
    throw invalid(server, `${which} tools should be a list of strings, but got ${pyRepr(value)}.`);
  }
  return Object.freeze([...(value as string[])]);
}

function invalid(server: string, message: string): MCPError {
  return new MCPError(MCPErrorCode.MCP_INVALID_CONFIG, message, { server });
}
