import { ActorscopeError, type ErrorData } from "../errors/index.js";

/** Stable codes of the errors `src/mcp` raises. Branch on these, never on the messages. */
export const MCPErrorCode = {
  /** The client was built with invalid options (AgentScope's `ValueError`s, same texts). */
  MCP_INVALID_CONFIG: "MCP_INVALID_CONFIG",
  /** `connect()` on a client that is connected. */
  MCP_ALREADY_CONNECTED: "MCP_ALREADY_CONNECTED",
  /** A stateful client used (or closed) while not connected. */
  MCP_NOT_CONNECTED: "MCP_NOT_CONNECTED",
  /** The server could not be started or reached, or refused the handshake. */
  MCP_CONNECT_FAILED: "MCP_CONNECT_FAILED",
  /** `getTool(name)` named a tool the server does not list. */
  MCP_TOOL_NOT_FOUND: "MCP_TOOL_NOT_FOUND",
  /** A listed tool's input schema is not valid JSON Schema; the tool is left out. */
  MCP_INVALID_TOOL_SCHEMA: "MCP_INVALID_TOOL_SCHEMA",
  /** The server answered a call with a JSON-RPC error (unknown tool, bad params, …). */
  MCP_CALL_FAILED: "MCP_CALL_FAILED",
  /** A call ran past the client's `executionTimeout`. */
  MCP_TIMEOUT: "MCP_TIMEOUT",
  /** The session ended under a call (the process exited, the HTTP session was lost). */
  MCP_SESSION_LOST: "MCP_SESSION_LOST",
  /** The server wrote something that is not JSON-RPC, or a result that breaks the MCP schema. */
  MCP_PROTOCOL_ERROR: "MCP_PROTOCOL_ERROR",
} as const;
export type MCPErrorCode = (typeof MCPErrorCode)[keyof typeof MCPErrorCode];

/**
 * A failure of one MCP server, naming it (`server`) and, for call and listing failures, the tool
 * (`tool`, the server's own name for it). Inside an agent a failed call becomes an ERROR tool
 * result whose text starts `Error occurred when calling MCP tool:` (the reference's prefix).
 */
export class MCPError extends ActorscopeError {
  readonly server: string;
  readonly tool: string | null;

  constructor(
    code: MCPErrorCode,
    message: string,
    options: { server: string; tool?: string | null; cause?: unknown; data?: ErrorData },
  ) {
    super(code, message, {
      cause: options.cause,
      data: { ...options.data, server: options.server, tool: options.tool ?? null },
    });
    this.server = options.server;
    this.tool = options.tool ?? null;
  }
}

/** An error's message, one line, bounded (a hostile server's text can be anything). */
export function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}
